import type { CertProof, CertPurpose } from '@shared/schemas/cert';
import { fetchChallenge } from '../api/cert';
import type { CertBridge } from './cert-bridge';

/** Challenge from the server, signature from the key: the proof /cert/login and /cert/bind check. */
export async function proveKey(
  bridge: Pick<CertBridge, 'sign'>,
  purpose: CertPurpose,
  pin: string,
  certificate_id: string,
): Promise<CertProof> {
  const { challenge } = await fetchChallenge(purpose);
  const signed = await bridge.sign({ challenge, pin, certificate_id });
  return { challenge, ...signed };
}
