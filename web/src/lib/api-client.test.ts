import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAIL_TOAST_SUPPRESS_MS, HTTP_TIMEOUT_MS, NOTICE_DURATION_S } from '@shared/constants';

// The request layer shows its feedback through this bridge; capture what it shows.
const shown = vi.hoisted(() => ({
  error: [] as string[],
  warning: [] as string[],
  notices: [] as { title: unknown; description: unknown; duration: unknown }[],
  dialogs: 0,
}));
vi.mock('./feedback', () => ({
  feedback: () => ({
    message: {
      error: (t: string) => shown.error.push(t),
      warning: (t: string) => shown.warning.push(t),
    },
    notification: { error: (n: { title: unknown; description: unknown; duration: unknown }) => shown.notices.push(n) },
    modal: { warning: () => shown.dialogs++ },
  }),
}));

const storage = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => storage.set(k, v),
  removeItem: (k: string) => storage.delete(k),
});
vi.stubGlobal('localStorage', globalThis.sessionStorage);
vi.stubGlobal('document', { documentElement: {} });

const { apiPost } = await import('./api-client');
const { useSessionStore } = await import('./session-store');

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const fail = (status: number, extra: Record<string, unknown> = {}) =>
  reply(status, { success: false, msg: `server says ${status}`, data: null, code: status, error: 'X', ...extra });

let now = 1_000_000;
beforeEach(() => {
  shown.error.length = 0;
  shown.warning.length = 0;
  shown.notices.length = 0;
  shown.dialogs = 0;
  now += 60_000; // well past any earlier suppression window
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  useSessionStore.getState().setSession('token-abc', 3600);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('request layer', () => {
  it('shows one failure toast, and none again within 1 s', async () => {
    vi.stubGlobal('fetch', fail(400));
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 400 });
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 400 });
    expect(shown.error).toEqual(['server says 400']);
    now += FAIL_TOAST_SUPPRESS_MS;
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 400 });
    expect(shown.error).toHaveLength(2);
  });

  it('shows 403 as a Forbidden notice with the server message for 10 s', async () => {
    vi.stubGlobal('fetch', fail(403));
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 403 });
    expect(shown.notices).toEqual([
      expect.objectContaining({ description: 'server says 403', duration: NOTICE_DURATION_S }),
    ]);
  });

  it('opens the login-expired dialog once for code 700 and keeps the token until its button', async () => {
    vi.stubGlobal('fetch', fail(401, { code: 700 }));
    await expect(apiPost('/x')).rejects.toMatchObject({ code: 700 });
    await expect(apiPost('/x')).rejects.toMatchObject({ code: 700 });
    expect(shown.dialogs).toBe(1);
    expect(useSessionStore.getState().token).toBe('token-abc');
  });

  it('signs out on 401 when a token was sent', async () => {
    vi.stubGlobal('fetch', fail(401));
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('reports a 500 as an operation error, not the server text', async () => {
    vi.stubGlobal('fetch', fail(500));
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 500 });
    expect(shown.error).toHaveLength(1);
    expect(shown.error[0]).not.toContain('server says');
  });

  it('tells a network failure apart from a timeout of 180 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 0, error: 'NETWORK' });

    const asked: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      asked.push(ms);
      const c = new AbortController();
      c.abort();
      return c.signal;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'TimeoutError'))),
    );
    await expect(apiPost('/x')).rejects.toMatchObject({ status: 0, error: 'TIMEOUT' });
    expect(asked).toEqual([HTTP_TIMEOUT_MS]);
  });

  it('shows nothing when the caller cancels while the answer is still arriving', async () => {
    const c = new AbortController();
    const res = {
      ok: true,
      status: 200,
      json: async () => {
        c.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => res),
    );
    await expect(apiPost('/x', {}, { signal: c.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(shown.error).toEqual([]);
  });

  it('sends the token and the language, and returns data on success', async () => {
    const f = reply(200, { success: true, msg: 'ok', data: { n: 1 } });
    vi.stubGlobal('fetch', f);
    await expect(apiPost('/x', { a: 1 })).resolves.toEqual({ n: 1 });
    const init = (f.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer token-abc', 'Accept-Language': expect.any(String) });
    expect(shown.error).toEqual([]);
  });
});
