import type { Locale } from '@shared/constants';
import { AppError } from './errors';
import { translate, type MessageKey } from './i18n';
import { OutboundRefused, OutboundUnresolved, type OutboundPolicy, type RefusedReason } from './outbound';

const REASON_KEY: Record<RefusedReason, MessageKey> = {
  loopback: 'outboundLoopback',
  'link-local': 'outboundLinkLocal',
  private: 'outboundPrivate',
  unspecified: 'outboundUnspecified',
  multicast: 'outboundMulticast',
  broadcast: 'outboundBroadcast',
  reserved: 'outboundReserved',
  metadata: 'outboundMetadata',
};

/** 400 naming the field whose address the outbound policy refuses, and why, in the caller's language. */
export function refusedAddress(locale: Locale, field: string, reason: RefusedReason): AppError {
  const why = translate(locale, REASON_KEY[reason]);
  const e = new AppError(400, 'VALIDATION', 'outboundRefused', { field, reason: why });
  e.errors = [{ field, msg: translate(locale, 'outboundNotAllowed', { reason: why }) }];
  return e;
}

/**
 * The check when an address is saved: refused (any address of the name) is a 400 naming the field; a
 * name that does not resolve now is accepted, since every use checks it again.
 */
export async function checkAddressToSave(policy: OutboundPolicy, host: string, locale: Locale, field: string) {
  try {
    await policy.resolve(host);
  } catch (err) {
    if (err instanceof OutboundRefused) throw refusedAddress(locale, field, err.reason);
    if (!(err instanceof OutboundUnresolved)) throw err;
  }
}
