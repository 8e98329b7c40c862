import { THUMBNAIL_BATCH_MAX } from '@shared/schemas/images';

/** A thumbnail as the list shows it: a data URL, or null for the placeholder (deleted, undrawable, failed). */
export type Thumb = string | null;
/** The live images in list order, a page of up to 48 each, by SOP instance UID (deleted images have none). */
export function pagesOf(
  images: readonly { sop_iuid: string; del_image?: number | null }[],
  max = THUMBNAIL_BATCH_MAX,
): Map<string, readonly string[]> {
  const live = images.filter((i) => !i.del_image).map((i) => i.sop_iuid);
  const pages = new Map<string, readonly string[]>();
  for (let i = 0; i < live.length; i += max) {
    const page = live.slice(i, i + max);
    for (const sop of page) pages.set(sop, page);
  }
  return pages;
}

type FetchPage = (sops: string[]) => Promise<{ sop_iuid: string; jpeg: string | null }[]>;

/**
 * Fetches the list's thumbnails a page at a time (POST /wado/thumbnails, up to 48 images): the first image of
 * a page to come into view asks for the whole page, so a study of 24 images is one request (one per image came
 * in waves of six, a browser's connections to a host). What came back is kept while the list is open; a failed
 * request shows the placeholder and is not kept, so the image is asked again when next in view.
 */
export class ThumbBatcher {
  private readonly kept = new Map<string, Thumb>();
  private readonly pending = new Set<string>();
  private readonly waiting = new Map<string, Set<(t: Thumb) => void>>();
  private queued: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly delayMs = 10,
    private readonly max = THUMBNAIL_BATCH_MAX,
  ) {}

  /** The kept thumbnail; undefined when not fetched yet. */
  peek(sop: string): Thumb | undefined {
    return this.kept.get(sop);
  }

  /**
   * Asks for one image's thumbnail with those of its page (`page`, in list order); `done` is called once
   * with it. Returns a function that withdraws `done`.
   */
  want(sop: string, done: (t: Thumb) => void, page: readonly string[] = [sop]): () => void {
    const have = this.kept.get(sop);
    if (have !== undefined) {
      done(have);
      return () => undefined;
    }
    let waiters = this.waiting.get(sop);
    if (!waiters) this.waiting.set(sop, (waiters = new Set()));
    waiters.add(done);
    for (const s of page.includes(sop) ? page : [sop, ...page]) {
      if (this.kept.has(s) || this.pending.has(s)) continue;
      this.pending.add(s);
      this.queued.push(s);
    }
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
    return () => {
      waiters.delete(done);
    };
  }

  private flush(): void {
    this.timer = undefined;
    const sops = this.queued;
    this.queued = [];
    for (let i = 0; i < sops.length; i += this.max) void this.fetch(sops.slice(i, i + this.max));
  }

  private async fetch(sops: string[]): Promise<void> {
    let got = new Map<string, Thumb>();
    try {
      const thumbs = await this.fetchPage(sops);
      got = new Map(thumbs.map((t) => [t.sop_iuid, t.jpeg ? `data:image/jpeg;base64,${t.jpeg}` : null]));
      for (const [sop, thumb] of got) this.kept.set(sop, thumb);
    } catch {
      // shown as the placeholder, asked again when next in view
    }
    for (const sop of sops) {
      this.pending.delete(sop);
      const waiters = this.waiting.get(sop);
      this.waiting.delete(sop);
      for (const done of waiters ?? []) done(got.get(sop) ?? null);
    }
  }
}
