import { describe, expect, it } from 'vitest';
import { uploadProblem } from './check-file';
import { ndjsonReader } from './ndjson';

describe('upload checks before sending', () => {
  it('wants a hospital, one file, .dcm or .zip (any case)', () => {
    expect(uploadProblem([{ name: 'a.zip' }], undefined)).toBe('chooseHospital');
    expect(uploadProblem([], 'H001')).toBe('chooseFile');
    expect(uploadProblem([{ name: 'a.zip' }, { name: 'b.zip' }], 'H001')).toBe('oneFile');
    expect(uploadProblem([{ name: 'a.rar' }], 'H001')).toBe('wrongFormat');
    expect(uploadProblem([{ name: 'zip' }], 'H001')).toBe('wrongFormat');
    expect(uploadProblem([{ name: 'CT.ZIP' }], 'H001')).toBeNull();
    expect(uploadProblem([{ name: 'IM1.dcm' }], 'H001')).toBeNull();
  });
});

describe('NDJSON answer read as it grows', () => {
  const file = (done: number) =>
    JSON.stringify({ type: 'file', done, total: 2, file: `f${done}`, status: 'uploaded', msg: `f${done} uploaded` });
  it('hands each completed line once, holding back a partial one', () => {
    const read = ndjsonReader();
    const one = `${file(1)}\n`;
    const half = file(2).slice(0, 10);
    expect(read(one + half).map((l) => l.type === 'file' && l.done)).toEqual([1]);
    expect(read(one + half)).toEqual([]);
    const result = JSON.stringify({
      type: 'result',
      success: true,
      msg: 'done',
      data: { uploaded: 2, duplicates: 0, failed: 0, studies: ['1.2'] },
    });
    const lines = read(`${one}${file(2)}\n${result}\nnot json\n`);
    expect(lines.map((l) => l.type)).toEqual(['file', 'result']);
  });
});
