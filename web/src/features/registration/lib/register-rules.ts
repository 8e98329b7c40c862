import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { STRONG_PASSWORD_RE } from '@shared/constants';
import { RegisterPasswordSchema, RegisterSchema, SendRegisterCaptchaSchema } from '@shared/schemas/registration';
import type texts from '@web/locales/en-US/registration.json';

type T = TFunction<'registration'>;
type RuleKey = keyof (typeof texts)['rules'];

/**
 * The message of a shared schema's first problem: the schema names its rule's message by key (`msg:<key>`,
 * shared/src/schemas/common.ts), shown from `registration:rules.<key>`; a problem without a key shows `fallback`.
 */
export function issueMessage(schema: ZodType, value: unknown, t: T, fallback: string): string | null {
  const r = schema.safeParse(value ?? '');
  if (r.success) return null;
  const key = /^msg:(\w+)$/.exec(r.error.issues[0]?.message ?? '')?.[1];
  // A key the texts lack shows the fallback (defaultValue), not the key itself.
  return key ? t(`rules.${key as RuleKey}`, { defaultValue: fallback }) : fallback;
}

/** An antd rule running one field of the shared registration schema (the server checks the same one). */
function schemaRule(schema: ZodType, t: T, fallback: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === '') return; // the field's "required" rule speaks
      const message = issueMessage(schema, value, t, fallback);
      if (message) throw new Error(message);
    },
  };
}

const field = RegisterSchema.shape;
const required = (message: string): Rule => ({ required: true, whitespace: true, message });

/** The registration form's rules, live and in the screen's language. `strict`: the installation's password policy. */
export function registerRules(t: T, form: FormInstance, strict: boolean): Record<string, Rule[]> {
  return {
    username: [required(t('rules.usernameRequired')), schemaRule(field.username, t, t('rules.usernameLength'))],
    email: [required(t('rules.emailRequired')), schemaRule(field.email, t, t('rules.regEmailFormat'))],
    password: [
      required(t('rules.passwordRequired')),
      schemaRule(RegisterPasswordSchema, t, t('rules.regPasswordLength')),
      ...(strict ? [{ pattern: STRONG_PASSWORD_RE, message: t('rules.passwordPolicy') }] : []),
    ],
    confirm: [
      required(t('rules.confirmRequired')),
      {
        validator: async (_rule, value: unknown) => {
          if (value && value !== form.getFieldValue('password')) throw new Error(t('rules.regConfirmMismatch'));
        },
      },
    ],
    prefix: [{ required: true, message: t('rules.regPrefix') }],
    mobile: [required(t('rules.mobileRequired')), schemaRule(field.mobile, t, t('rules.regMobileFormat'))],
    captcha: [required(t('rules.captchaRequired')), schemaRule(field.captcha, t, t('rules.regCaptchaFormat'))],
  };
}

/** Whether the number may be sent a code: the same check the server makes on sendRegisterCaptcha. */
export const mobileValid = (mobile: unknown, prefix: unknown) =>
  SendRegisterCaptchaSchema.safeParse({ mobile, prefix }).success;
