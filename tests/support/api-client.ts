import type { App } from '../../server/src/app';

export interface CallOptions {
  token?: string;
  lang?: string;
  form?: Record<string, string>;
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The caller's address, as the Node server would see the socket (none by default). */
  ip?: string;
}

/** Calls the app in-process (no socket) and decodes the JSON envelope. */
export async function call(app: App, method: string, path: string, o: CallOptions = {}) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.lang) headers['accept-language'] = o.lang;
  let body: string | undefined;
  if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  } else if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.rawBody !== undefined) {
    body = o.rawBody;
  }
  const env = o.ip === undefined ? undefined : { incoming: { socket: { remoteAddress: o.ip } } };
  const res = await app.request(path, { method, headers, body }, env);
  const text = await res.text();
  let json: Record<string, unknown> & {
    success?: boolean;
    msg?: string;
    data?: unknown;
    code?: number;
    error?: string;
  };
  try {
    json = JSON.parse(text);
  } catch {
    json = {};
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

export async function loginAs(app: App, username: string, password: string): Promise<string> {
  const r = await call(app, 'POST', '/user/login', { form: { username, password, logon_type: 'PC' } });
  if (r.status !== 200 || typeof r.body.token !== 'string') {
    throw new Error(`login ${username} failed: ${r.status} ${r.text}`);
  }
  return r.body.token;
}
