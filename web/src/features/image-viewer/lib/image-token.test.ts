import { describe, expect, it } from 'vitest';
import { imageToken, setImageToken } from './image-token';
import { wadoPath } from './image-ids';

describe('viewer tokens per study', () => {
  it('a request carries the token of its own study: a prior beside the study has its own', () => {
    setImageToken('1.2.1', 'tok-now');
    setImageToken('1.2.2', 'tok-prior');
    expect(imageToken(wadoPath('1.2.1', '1.2.1.1', '1.2.1.1.1'))).toBe('tok-now');
    expect(imageToken(wadoPath('1.2.2', '1.2.2.1', '1.2.2.1.1'))).toBe('tok-prior');
    expect(imageToken(wadoPath('1.2.3', '1.2.3.1', '1.2.3.1.1'))).toBe('');
    setImageToken('1.2.2', 'renewed');
    expect(imageToken(wadoPath('1.2.2', '1.2.2.1', '1.2.2.1.1'))).toBe('renewed');
  });
});
