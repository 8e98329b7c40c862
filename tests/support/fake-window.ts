/**
 * A window for unit tests of the page side of the protocol: postMessage delivers to this window's
 * listeners with `source` set to it, as in a browser tab; `reply` plays the content script.
 */
export class FakeWindow extends EventTarget {
  readonly location = { origin: 'http://127.0.0.1:8080' };
  readonly posted: { data: unknown; targetOrigin: string }[] = [];
  onPost: (data: unknown) => void = () => {};

  postMessage(data: unknown, targetOrigin: string): void {
    this.posted.push({ data, targetOrigin });
    queueMicrotask(() => {
      this.reply(data);
      this.onPost(data);
    });
  }

  /** A message from this window (what the content script sends). */
  reply(data: unknown, source: unknown = this, origin = this.location.origin): void {
    // Node's MessageEvent accepts only ports as source, so the fields are set on a plain Event.
    const ev = new Event('message');
    Object.defineProperties(ev, { data: { value: data }, origin: { value: origin }, source: { value: source } });
    this.dispatchEvent(ev);
  }

  asWindow(): Window {
    return this as unknown as Window;
  }
}
