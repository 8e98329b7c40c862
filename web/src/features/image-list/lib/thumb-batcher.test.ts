import { describe, expect, it, vi } from 'vitest';
import { pagesOf, ThumbBatcher, type Thumb } from './thumb-batcher';

const tick = () => new Promise((r) => setTimeout(r, 20));

function serving(fail = new Set<string>()) {
  const asked: string[][] = [];
  const fetchPage = vi.fn(async (sops: string[]) => {
    asked.push(sops);
    if (sops.some((s) => fail.has(s))) throw new Error('network');
    return sops.map((s) => ({ sop_iuid: s, jpeg: s === 'gone' ? null : `J${s}` }));
  });
  return { asked, fetchPage };
}

describe('thumbnail batcher', () => {
  it('asks for the images wanted together in one request of at most 48, in order', async () => {
    const { asked, fetchPage } = serving();
    const b = new ThumbBatcher(fetchPage, 5);
    const got = new Map<string, Thumb>();
    const sops = Array.from({ length: 50 }, (_, i) => `1.${i}`);
    for (const s of sops) b.want(s, (t) => got.set(s, t));
    await tick();
    expect(asked.map((a) => a.length)).toEqual([48, 2]);
    expect(asked.flat()).toEqual(sops);
    expect(got.get('1.7')).toBe('data:image/jpeg;base64,J1.7');
  });

  it('keeps what came back: a second ask is answered at once, without a request', async () => {
    const { asked, fetchPage } = serving();
    const b = new ThumbBatcher(fetchPage, 5);
    b.want('1.1', () => undefined);
    b.want('gone', () => undefined);
    await tick();
    const again = vi.fn();
    b.want('1.1', again);
    expect(again).toHaveBeenCalledWith('data:image/jpeg;base64,J1.1');
    expect(b.peek('gone')).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('the first image of a page in view asks for the whole page; its mates are then answered without a request', async () => {
    const { asked, fetchPage } = serving();
    const b = new ThumbBatcher(fetchPage, 5);
    const page = ['1.1', '1.2', '1.3'];
    const first = vi.fn();
    const twice = vi.fn();
    b.want('1.2', first, page);
    b.want('1.2', twice, page);
    b.want('1.3', vi.fn(), page);
    await tick();
    expect(asked).toEqual([page]);
    expect(first).toHaveBeenCalledExactlyOnceWith('data:image/jpeg;base64,J1.2');
    expect(twice).toHaveBeenCalledOnce();
    const mate = vi.fn();
    b.want('1.1', mate, page);
    expect(mate).toHaveBeenCalledWith('data:image/jpeg;base64,J1.1');
    expect(asked).toHaveLength(1);
  });

  it('an image wanted while its page is on the way waits for that request', async () => {
    let answer = (_: { sop_iuid: string; jpeg: string }[]) => undefined as void;
    const fetchPage = vi.fn(
      (_sops: string[]) => new Promise<{ sop_iuid: string; jpeg: string }[]>((r) => (answer = r)),
    );
    const b = new ThumbBatcher(fetchPage, 5);
    b.want('1.1', vi.fn(), ['1.1', '1.2']);
    await tick();
    expect(fetchPage).toHaveBeenCalledOnce();
    const late = vi.fn();
    b.want('1.2', late, ['1.1', '1.2']);
    await tick();
    expect(late).not.toHaveBeenCalled();
    answer([
      { sop_iuid: '1.1', jpeg: 'A' },
      { sop_iuid: '1.2', jpeg: 'B' },
    ]);
    await tick();
    expect(fetchPage).toHaveBeenCalledOnce();
    expect(late).toHaveBeenCalledWith('data:image/jpeg;base64,B');
  });

  it('a failed request shows the placeholder and is asked again next time', async () => {
    const { asked, fetchPage } = serving(new Set(['1.1']));
    const b = new ThumbBatcher(fetchPage, 5);
    const done = vi.fn();
    b.want('1.1', done);
    await tick();
    expect(done).toHaveBeenCalledWith(null);
    expect(b.peek('1.1')).toBeUndefined();
    b.want('1.1', vi.fn());
    await tick();
    expect(asked).toHaveLength(2);
  });
});

describe('thumbnail pages', () => {
  it('pages the live images in list order, 48 at most each; a deleted image is in none', () => {
    const images = Array.from({ length: 100 }, (_, i) => ({ sop_iuid: `1.${i}`, del_image: i === 3 ? 1 : 0 }));
    const pages = pagesOf(images);
    expect(pages.has('1.3')).toBe(false);
    expect(pages.get('1.0')).toHaveLength(48);
    expect(pages.get('1.0')).toBe(pages.get('1.48'));
    expect(pages.get('1.49')![0]).toBe('1.49');
    expect(pages.get('1.99')).toHaveLength(3);
  });
});
