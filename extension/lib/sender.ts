import type { Browser } from 'wxt/browser';

/**
 * The web origin of a message's sender, as the browser reports it (never as the message claims):
 * only our own content scripts, only top frames, only http(s) pages.
 */
export function senderOrigin(sender: Browser.runtime.MessageSender, ownId: string): string | null {
  if (sender.id !== ownId) return null;
  if (sender.frameId !== undefined && sender.frameId !== 0) return null;
  const raw = sender.origin ?? sender.url ?? sender.tab?.url;
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}
