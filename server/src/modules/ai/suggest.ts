import type { Locale } from '@shared/constants';
import { AiSuggestionSchema, type AiSuggestion } from '@shared/schemas/report';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import { AppError } from '../../platform/core/errors';
import { OutboundRefused, outboundPolicy } from '../../platform/core/outbound';
import { outboundRequest, type OutboundResponse } from '../../platform/core/outbound-http';
import { getConfigs } from '../../platform/config';
import { studyInScope } from '../report';

/** How long the AI service may take before the doctor is told it is not available. */
export const AI_TIMEOUT_MS = 15_000;
/** Largest answer read from the AI service. */
const AI_ANSWER_MAX = 256 * 1024;

/**
 * Sends a study's findings to the AI service (sys_config ai_url) and answers its suggested opinion. The
 * request (our contract, docs/layouts.md): POST JSON `{modality, study_desc, patient_sex, patient_age,
 * findings, language}`, no name or identifier of the patient; the answer `{opinion}`. Nothing is saved:
 * the doctor takes the suggestion into the editor or leaves it. The address must pass the outbound policy
 * (lib/outbound.ts); a redirect is not followed.
 */
export async function aiSuggest(
  { db, env, log }: Pick<AppDeps, 'db' | 'env' | 'log'>,
  me: AuthUser,
  locale: Locale,
  q: { study_iuid: string; findings: string },
): Promise<AiSuggestion> {
  const s = await studyInScope(db, me, q.study_iuid);
  const url = (await getConfigs(db, ['ai_url'])).ai_url.trim();
  if (!url) throw new AppError(409, 'FEATURE_OFF', 'aiNotConfigured');
  const unavailable = () => new AppError(503, 'AI_UNAVAILABLE', 'aiUnavailable');
  let res: OutboundResponse;
  try {
    res = await outboundRequest(outboundPolicy(env), new URL(url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        modality: s.modality,
        study_desc: s.study_desc,
        patient_sex: s.patient_sex,
        patient_age: s.patient_age,
        findings: q.findings,
        language: locale,
      }),
      timeoutMs: AI_TIMEOUT_MS,
      maxBytes: AI_ANSWER_MAX,
    });
  } catch (err) {
    if (err instanceof OutboundRefused) log.warn({ reason: err.reason }, 'ai_url refused by the outbound policy');
    throw unavailable();
  }
  if (res.status < 200 || res.status > 299) throw unavailable();
  const text = res.body.toString('utf8');
  if (!text) throw unavailable();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw unavailable();
  }
  const answer = AiSuggestionSchema.safeParse(body);
  if (!answer.success || !answer.data.opinion.trim()) throw unavailable();
  return { opinion: answer.data.opinion.trim().slice(0, 20_000) };
}
