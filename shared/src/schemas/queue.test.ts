import { describe, expect, it } from 'vitest';
import { callNoLabel, dicomTextProblem } from './queue';

describe('call number label', () => {
  it('puts the segment prefix before the number, and is empty before a number is taken', () => {
    expect(callNoLabel('B', 101)).toBe('B101');
    expect(callNoLabel('', 7)).toBe('7');
    expect(callNoLabel('B', null)).toBe('');
  });
});

describe('dicomTextProblem', () => {
  it('names the first DICOM separator or a control character, nothing for plain text', () => {
    expect(dicomTextProblem('张三')).toBe('');
    expect(dicomTextProblem('Wang^Wu')).toBe('^');
    expect(dicomTextProblem('A=B\\C')).toBe('=');
    expect(dicomTextProblem('P001\\2')).toBe('\\');
    expect(dicomTextProblem('李\n四')).toBe('control');
  });
});
