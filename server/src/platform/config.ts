import { sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { preparedPerDb } from './db/prepared';
import { sysConfig } from './db/schema';
import { CONFIG_DEFAULTS } from './db/seed/config-defaults';

export type ConfigName = keyof typeof CONFIG_DEFAULTS;

/** One prepared statement for every read of settings by name (the print page and login read them often). */
const configRows = preparedPerDb((db) =>
  db
    .select({ name: sysConfig.name, value: sysConfig.value, status: sysConfig.status })
    .from(sysConfig)
    .where(sql`${sysConfig.name} = any(${sql.placeholder('names')})`)
    .prepare('rx_configs'),
);

export async function getConfigs<K extends ConfigName>(db: Db, names: readonly K[]): Promise<Record<K, string>> {
  const rows = await configRows(db).execute({ names: [...names] });
  const out = {} as Record<K, string>;
  for (const n of names) out[n] = CONFIG_DEFAULTS[n].value;
  for (const r of rows) if (r.status === 1) out[r.name as K] = r.value;
  return out;
}

export async function getInt(db: Db, name: ConfigName, fallback: number): Promise<number> {
  const v = Number((await getConfigs(db, [name]))[name]);
  return Number.isFinite(v) ? v : fallback;
}
