import { describe, expect, it } from 'vitest';
import { forwardLineReader } from './forward-lines';

const image = (done: number) =>
  JSON.stringify({ type: 'image', done, total: 2, sop_iuid: `1.2.${done}`, status: 'sent', msg: 'Sent' });
const result = JSON.stringify({
  type: 'result',
  success: true,
  msg: 'Forwarded to A (A): 2 sent, 0 failed',
  data: { device: { pk: 1, name: 'A', aet: 'A' }, total: 2, sent: 2, failed: 0, images: [] },
});

describe('forwardLineReader', () => {
  it('hands back each line once it is complete, across chunk boundaries', () => {
    const read = forwardLineReader();
    const text = `${image(1)}\n${image(2)}\n${result}\n`;
    expect(read(text.slice(0, 10))).toEqual([]);
    const first = read(text.slice(10, image(1).length + 5));
    expect(first.map((l) => l.type === 'image' && l.done)).toEqual([1]);
    const rest = read(text.slice(image(1).length + 5));
    expect(rest.map((l) => l.type)).toEqual(['image', 'result']);
  });

  it('skips what is not a forward line', () => {
    const read = forwardLineReader();
    expect(read(`not json\n{"type":"other"}\n${image(1)}\n`)).toHaveLength(1);
  });
});
