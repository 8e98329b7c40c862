import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { en, zhCN } from 'zod/locales';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../context';
import { isMessageKey, localeOf, translate } from '../core/i18n';

const localeErrors = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError };

/** One zod issue as a message in the given language (required, or zod's own localised text). */
export function issueText(locale: Locale, issue: ZodError['issues'][number]): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return translate(locale, 'required');
  // A rule's own message by key (shared/src/schemas/common.ts `msg`).
  const key = issue.message.startsWith('msg:') ? issue.message.slice(4) : '';
  if (isMessageKey(key)) return translate(locale, key);
  if (issue.code === 'custom') return issue.message;
  const r = localeErrors[locale](issue as never);
  return typeof r === 'string' ? r : (r?.message ?? issue.message);
}

/** Field-level messages in the caller's language. */
export function validationBody(c: Context, error: ZodError) {
  const locale = localeOf(c.req.header('accept-language'));
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    msg: issueText(locale, issue),
  }));
  const summary = errors.map((e) => `${e.field}: ${e.msg}`).join('; ');
  return {
    success: false as const,
    msg: `${translate(locale, 'validation')}: ${summary}`,
    data: null,
    code: 400,
    error: 'VALIDATION' as const,
    errors,
  };
}

/** A sub-app whose zod validation failures answer 400 with the envelope. */
export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(c, result.error as ZodError), 400);
    },
  });
}

/** A module's router, as its route groups receive it. */
export type Router = ReturnType<typeof newRouter>;
