import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/core/errors';

const TIMEOUT_MS = 10_000;

/**
 * Sends a text message over the platform's SMS gateway (docs/registration.md): POST {to, text} as JSON to
 * SMS_URL, any 2xx is accepted. Neither the number nor the text (it holds the code) is logged.
 */
export async function sendSms(deps: Pick<AppDeps, 'env' | 'log'>, to: string, text: string): Promise<void> {
  const { SMS_URL, SMS_TOKEN } = deps.env;
  if (!SMS_URL) {
    deps.log.warn({ event: 'sms_not_configured' }, 'SMS not configured: no registration code sent');
    throw new AppError(503, 'UNAVAILABLE', 'regSmsNotConfigured');
  }
  let status: number;
  try {
    const r = await fetch(SMS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(SMS_TOKEN ? { authorization: `Bearer ${SMS_TOKEN}` } : {}) },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = r.status;
    await r.body?.cancel();
  } catch {
    status = 0;
  }
  if (status < 200 || status > 299) {
    deps.log.warn({ event: 'sms_failed', status }, 'SMS gateway did not accept the message');
    throw new AppError(503, 'UNAVAILABLE', 'regSmsFailed');
  }
}
