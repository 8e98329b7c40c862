import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';

/** The CSP source of each inline script of a page ('sha256-…' of its text, as the browser hashes it). */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!) || !m[2]) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

/**
 * The web app's index.html carries one inline script, the image viewer's early requests (web/build/early-entry.ts):
 * the pages' script-src lets that script in by its hash, read from the built index.html (again when the file
 * changes), and nothing else inline. Registered before secureHeaders, which writes the policy on the way out.
 */
export function allowInlineScripts(webDir: string): MiddlewareHandler {
  const file = path.join(webDir, 'index.html');
  let kept: { mtimeMs: number; hashes: string[] } | null = null;
  const hashes = (): string[] => {
    try {
      const { mtimeMs } = statSync(file);
      if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, hashes: inlineScriptHashes(readFileSync(file, 'utf8')) };
      return kept.hashes;
    } catch {
      return [];
    }
  };
  return async (c, next) => {
    await next();
    const csp = c.res.headers.get('content-security-policy');
    if (!csp || !c.res.headers.get('content-type')?.includes('text/html')) return;
    const allowed = hashes();
    if (!allowed.length) return;
    c.res.headers.set(
      'content-security-policy',
      csp.replace(/(^|;\s*)script-src\s/, (m) => `${m}${allowed.join(' ')} `),
    );
  };
}
