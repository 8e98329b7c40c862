import { Hono } from 'hono';
import { ChallengeSchema, SignReportRequestSchema, SignRequestSchema } from '@shared/agent/api';
import { signedPayload } from '@shared/agent/payload';
import { REPORT_SIGNATURE_CONTEXT, reportSignedPayload } from '@shared/report/signature';
import { AgentError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { json } from '../../lib/validate';
import type { GuardEnv } from '../../security/guard';
import type { OriginPolicy } from '../../security/origin-policy';
import type { KeyStore, SignOutput } from './key-store';

/**
 * The origin a login signature may be bound to. A page may only sign for itself; the extension (which
 * reads the origin from the tab, not from the page) may name any allowed web origin. Nothing else.
 */
export function signOrigin(policy: OriginPolicy, kind: 'web' | 'extension' | null, header: string, body: string) {
  if (!policy.signableOrigin(body)) return false;
  if (kind === 'web') return header.toLowerCase() === body.toLowerCase();
  return kind === 'extension';
}

export function keyRoutes(store: KeyStore, policy: OriginPolicy) {
  return new Hono<GuardEnv>()
    .get('/keys', async (c) => ok(c, await store.list()))
    .post('/keys/sign', json(SignRequestSchema), async (c) => {
      const { challenge, pin, origin, certificate_id } = c.req.valid('json');
      if (!ChallengeSchema.safeParse(challenge).success) throw new AgentError('CHALLENGE_FORMAT', 400);
      if (!signOrigin(policy, c.get('originKind'), c.req.header('origin') ?? '', origin)) {
        throw new AgentError('ORIGIN_NOT_ALLOWED', 403);
      }
      const out = await store.sign(certificate_id.toLowerCase(), await signedPayload(origin, challenge), pin);
      return ok(c, signResult(out));
    })
    .post('/keys/signReport', json(SignReportRequestSchema), async (c) => {
      const { document, pin, certificate_id } = c.req.valid('json');
      if (!isReportDocument(document)) throw new AgentError('DOCUMENT_FORMAT', 400);
      const out = await store.sign(certificate_id.toLowerCase(), await reportSignedPayload(document), pin);
      return ok(c, signResult(out));
    });
}

const signResult = (out: SignOutput) => ({
  signature: out.signature.toString('base64'),
  algorithm: out.algorithm,
  certificate: out.certificate.toString('base64'),
});

/** Only what says it is a report document is signed as one: a JSON object carrying the context. */
function isReportDocument(document: string): boolean {
  try {
    const parsed: unknown = JSON.parse(document);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as { context?: unknown }).context === REPORT_SIGNATURE_CONTEXT
    );
  } catch {
    return false;
  }
}
