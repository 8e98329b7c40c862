import { eq } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { AppDeps } from '../../platform/context';
import { sysConfig } from '../../platform/db/schema';
import { outboundPolicy } from '../../platform/core/outbound';
import { checkAddressToSave } from '../../platform/core/outbound-refusal';
import { ENDPOINT_CONFIG } from '../report-products';

/** Entries holding an address the server itself connects to: the AI service and the FHIR endpoints. */
export const isOutboundEntry = (name: string) =>
  name === 'ai_url' || name === ENDPOINT_CONFIG || name.startsWith(`${ENDPOINT_CONFIG}_`);

/**
 * Before an entry is saved: when it holds an address the server connects to, the address must pass the
 * outbound policy (else 400 naming `value`). A value that is not a URL is left to the entry's own check.
 * The entry is named by `name`, or by `pk` when an update names only that.
 */
export async function checkOutboundEntry(
  { db, env }: Pick<AppDeps, 'db' | 'env'>,
  locale: Locale,
  entry: { pk?: number | undefined; name?: string | undefined; value?: string | undefined },
): Promise<void> {
  const value = entry.value?.trim();
  if (!value) return;
  let name = entry.name;
  if (name === undefined && entry.pk !== undefined) {
    const [row] = await db.select({ name: sysConfig.name }).from(sysConfig).where(eq(sysConfig.pk, entry.pk));
    name = row?.name;
  }
  if (!name || !isOutboundEntry(name)) return;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return;
  }
  await checkAddressToSave(outboundPolicy(env), url.hostname, locale, 'value');
}
