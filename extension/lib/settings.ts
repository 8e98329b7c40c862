import { z } from 'zod';
import { DEFAULT_AGENT_URL } from '@shared/protocol/messages';
import type { browser } from 'wxt/browser';
import { normalizeAgentUrl, normalizeOrigin } from './origins';

/** What the options page stores (storage.local) and the managed policy may set (storage.managed). */
export const StoredSettingsSchema = z.object({
  agentUrl: z.string().max(256).optional(),
  origins: z.array(z.string().max(256)).max(500).optional(),
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

export interface Settings {
  agentUrl: string;
  /** Platform origins besides the loopback defaults: the options page's and the policy's. */
  origins: string[];
  /** What the policy fixes (shown read-only on the options page). */
  managed: { agentUrl?: string; origins: string[] };
}

export type Storage = Pick<(typeof browser)['storage'], 'local' | 'managed'>;

async function read(
  area: (typeof browser)['storage']['local'] | (typeof browser)['storage']['managed'],
): Promise<StoredSettings> {
  try {
    const r = StoredSettingsSchema.safeParse(await area.get(['agentUrl', 'origins']));
    return r.success ? r.data : {};
  } catch {
    return {}; // no policy installed: storage.managed rejects on some platforms
  }
}

const clean = (list: string[] | undefined) => (list ?? []).map(normalizeOrigin).filter((o): o is string => o !== null);

/** The managed policy wins for the agent address; origins are the union of both. Bad entries are dropped. */
export async function loadSettings(storage: Storage): Promise<Settings> {
  const [local, managed] = await Promise.all([read(storage.local), read(storage.managed)]);
  const managedUrl = managed.agentUrl ? (normalizeAgentUrl(managed.agentUrl) ?? undefined) : undefined;
  const localUrl = local.agentUrl ? (normalizeAgentUrl(local.agentUrl) ?? undefined) : undefined;
  const managedOrigins = clean(managed.origins);
  return {
    agentUrl: managedUrl ?? localUrl ?? DEFAULT_AGENT_URL,
    origins: [...new Set([...managedOrigins, ...clean(local.origins)])],
    managed: { agentUrl: managedUrl, origins: managedOrigins },
  };
}

export async function saveLocalSettings(storage: Storage, s: StoredSettings): Promise<void> {
  await storage.local.set(StoredSettingsSchema.parse(s));
}
