import type { browser } from 'wxt/browser';
import { isDefaultOrigin, originPattern } from './origins';

export const HOSPITAL_SCRIPT_ID = 'rxpacs-hospital-origins';
/** Where WXT writes the content script entrypoint. */
export const CONTENT_SCRIPT_FILE = 'content-scripts/content.js';

type Deps = Pick<typeof browser, 'permissions' | 'scripting'>;

/**
 * The static content script covers the loopback defaults; hospital origins get it through one dynamic
 * registration, for the hosts whose optional permission was granted (options page, or an administrator).
 */
export async function syncContentScripts(b: Deps, origins: readonly string[]): Promise<string[]> {
  const patterns: string[] = [];
  for (const o of origins) {
    if (isDefaultOrigin(o)) continue;
    const p = originPattern(o);
    if (!patterns.includes(p) && (await b.permissions.contains({ origins: [p] }))) patterns.push(p);
  }
  const existing = await b.scripting.getRegisteredContentScripts({ ids: [HOSPITAL_SCRIPT_ID] });
  if (existing.length) await b.scripting.unregisterContentScripts({ ids: [HOSPITAL_SCRIPT_ID] });
  if (patterns.length) {
    await b.scripting.registerContentScripts([
      { id: HOSPITAL_SCRIPT_ID, matches: patterns, js: [CONTENT_SCRIPT_FILE], runAt: 'document_start' },
    ]);
  }
  return patterns;
}
