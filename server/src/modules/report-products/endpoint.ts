import { inArray, and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { sysConfig } from '../../platform/db/schema';

/** sys_config names: per hospital `report_fhir_url_<hospital code>` (a config name allows [a-zA-Z0-9_]), else the installation's `report_fhir_url`. */
export const ENDPOINT_CONFIG = 'report_fhir_url';

/** The hospital's FHIR endpoint (http/https), or null: then nothing is sent. */
export async function endpointFor(db: DbOrTx, hospitalCode: string): Promise<URL | null> {
  const own = `${ENDPOINT_CONFIG}_${hospitalCode}`;
  const rows = await db
    .select({ name: sysConfig.name, value: sysConfig.value })
    .from(sysConfig)
    .where(and(inArray(sysConfig.name, [own, ENDPOINT_CONFIG]), eq(sysConfig.status, 1)));
  const value = (rows.find((r) => r.name === own) ?? rows.find((r) => r.name === ENDPOINT_CONFIG))?.value.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
