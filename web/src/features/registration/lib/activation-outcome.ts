import type { ActivateResult } from '@shared/schemas/registration';
import { isApiError } from '@web/lib/api-error';

/** What the activation page shows: the server's answer, or why the link was refused. */
export type ActivationOutcome = ActivateResult['state'] | 'used' | 'expired' | 'unknown' | 'failed';

/** The refusal of POST /user/activate: `data.reason` (used, expired, unknown); a malformed token is unknown. */
export function refusalOutcome(e: unknown): ActivationOutcome {
  if (!isApiError(e) || e.status !== 400) return 'failed';
  const reason = (e.data as { reason?: unknown } | null)?.reason;
  return reason === 'used' || reason === 'expired' ? reason : 'unknown';
}
