import { describe, expect, it } from 'vitest';
import { frame, FrameTooLarge, MllpReader } from './mllp';

const msg = (s: string) => frame(Buffer.from(s));

describe('MLLP framing', () => {
  it('cuts several frames out of one chunk and one frame out of many chunks', () => {
    const r = new MllpReader(1024);
    const both = Buffer.concat([msg('MSH|a'), msg('MSH|b')]);
    expect(r.push(both).map(String)).toEqual(['MSH|a', 'MSH|b']);
    const one = msg('MSH|split over chunks');
    const got: string[] = [];
    for (let i = 0; i < one.length; i += 3) got.push(...r.push(one.subarray(i, i + 3)).map(String));
    expect(got).toEqual(['MSH|split over chunks']);
  });

  it('skips bytes between frames and takes a frame whose CR after FS is missing', () => {
    const r = new MllpReader(1024);
    const noise = Buffer.concat([Buffer.from('\r\n junk'), Buffer.from('\x0bMSH|x\x1c'), msg('MSH|y')]);
    expect(r.push(noise).map(String)).toEqual(['MSH|x', 'MSH|y']);
  });

  it('refuses a frame larger than the cap, however it is cut', () => {
    const r = new MllpReader(10);
    expect(() => r.push(Buffer.from('\x0bMSH|0123456'))).toThrow(FrameTooLarge);
    const s = new MllpReader(10);
    expect(s.push(Buffer.from('\x0bMSH|'))).toEqual([]);
    expect(() => s.push(Buffer.from('toolong'))).toThrow(FrameTooLarge);
    expect(new MllpReader(10).push(msg('MSH|01234')).map(String)).toEqual(['MSH|01234']);
  });
});
