import { describe, expect, it } from 'vitest';
import { tagTree } from './tag-tree';

const text = (v: string) => ({ vr: 'LO', Value: [v], _rawValue: [`${v} `] });
const sq = (items: Record<string, unknown>[]) => ({ vr: 'SQ', Value: items });
const nested = (levels: number): Record<string, unknown> =>
  levels === 0 ? { '00081155': { vr: 'UI', Value: ['1.2.3'] } } : { '00081140': sq([nested(levels - 1)]) };

describe('the tag tree’s bounds', () => {
  it('stops at the element limit (nested ones counted) and says so', () => {
    const set = { '00100010': text('A'), '00081140': sq([{ '00081155': text('1') }, { '00081155': text('2') }]) };
    const full = tagTree([set as never], { elements: 4, depth: 6, value_chars: 256 });
    expect(full.truncated).toBe(false);
    const cut = tagTree([set as never], { elements: 2, depth: 6, value_chars: 256 });
    expect(cut.truncated).toBe(true);
    expect(cut.elements.map((e) => e.tag)).toEqual(['(0008,1140)']);
    expect(cut.elements[0]!.items).toEqual([[expect.objectContaining({ value: '1' })], []]);
  });

  it('opens sequences to the depth limit; a deeper one shows its item count only', () => {
    const tree = tagTree([nested(3) as never], { elements: 100, depth: 2, value_chars: 256 });
    const second = tree.elements[0]!.items![0]![0]!.items![0]![0]!;
    expect(second).toMatchObject({ tag: '(0008,1140)', vr: 'SQ', length: 1, cut: true });
    expect(second.items).toBeUndefined();
  });

  it('cuts long text and binary values, with their whole length; padding trimmed', () => {
    const bytes = new Uint8Array(200).map((_, i) => i);
    const tree = tagTree(
      [{ '00100010': text('x'.repeat(20)), '00091010': { vr: 'OB', Value: [bytes.buffer] } } as never],
      { elements: 100, depth: 6, value_chars: 10 },
    );
    expect(tree.elements[0]).toMatchObject({
      tag: '(0009,1010)',
      keyword: '',
      value: '00\\01\\02\\0',
      length: 200,
      cut: true,
    });
    expect(tree.elements[1]).toMatchObject({ keyword: 'PatientName', value: 'x'.repeat(10), length: 20, cut: true });
  });
});
