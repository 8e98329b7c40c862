import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AgentEnvelope, AgentErrorId } from '@shared/agent/errors';
import { localeOf, message } from './i18n';

export function ok<T>(c: Context, data: T) {
  const body: AgentEnvelope<T> = {
    success: true,
    msg: message(localeOf(c.req.header('accept-language')), 'ok'),
    data,
    code: 200,
  };
  return c.json(body, 200);
}

export function failBody(
  acceptLanguage: string | undefined,
  id: AgentErrorId,
  status: number,
  data: unknown = null,
  detail?: string,
): AgentEnvelope {
  return { success: false, msg: message(localeOf(acceptLanguage), id, detail), data, code: status, error: id };
}

export function fail(
  c: Context,
  id: AgentErrorId,
  status: ContentfulStatusCode,
  data: unknown = null,
  detail?: string,
) {
  return c.json(failBody(c.req.header('accept-language'), id, status, data, detail), status);
}
