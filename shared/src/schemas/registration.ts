import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { msg } from './common';
import { USERNAME_MAX, USERNAME_RE } from './admin-user';

/** Spec section 5, registration: a mobile number is 11 digits, 1 then 3-9. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const MOBILE_PREFIXES = ['+86', '+87'] as const;
export type MobilePrefix = (typeof MOBILE_PREFIXES)[number];
/** The SMS code: 4 digits, one per number per 60 s (the page's resend countdown), valid 5 minutes, 5 tries. */
export const SMS_CODE_LENGTH = 4;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_CODE_MAX_TRIES = 5;
/** The activation mail's link is valid this long, and works once. */
export const ACTIVATION_TTL_HOURS = 24;
export const EMAIL_MAX = 128;
export const REGISTER_USERNAME_MIN = 2;
/** Fewer character classes than this (digits, letters, other) is too weak. */
export const PASSWORD_MIN_CLASSES = 2;

/** Character classes of a password: digits, letters, anything else (spec: strength by classes). */
export function passwordClasses(password: string): number {
  return [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
}

/** The strength bar: 10 % with no class, 30 % per class, 100 % with all three. */
export function passwordStrength(password: string): number {
  const n = passwordClasses(password);
  return n === 0 ? 10 : n >= 3 ? 100 : n * 30;
}

const mobile = z.string().trim().regex(MOBILE_RE, msg('regMobileFormat'));
const prefix = z.enum(MOBILE_PREFIXES, msg('regPrefix'));

/** POST /user/sendRegisterCaptcha: a 4-digit code to the mobile number over the SMS gateway. */
export const SendRegisterCaptchaSchema = z.strictObject({ mobile, prefix });
export type SendRegisterCaptcha = z.input<typeof SendRegisterCaptchaSchema>;
export const SendRegisterCaptchaResultSchema = z.object({
  /** Seconds before the next code may be asked for this number. */
  resend_seconds: z.number().int(),
});
export type SendRegisterCaptchaResult = z.infer<typeof SendRegisterCaptchaResultSchema>;

export const RegisterPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, msg('regPasswordLength'))
  .max(PASSWORD_MAX, msg('regPasswordLength'))
  .refine((p) => passwordClasses(p) >= PASSWORD_MIN_CLASSES, msg('regPasswordWeak'));

/** POST /user/register: every rule of spec section 5; the server adds the installation's password policy. */
export const RegisterSchema = z
  .strictObject({
    username: z.string().trim().min(REGISTER_USERNAME_MIN).max(USERNAME_MAX).regex(USERNAME_RE, msg('usernameChars')),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .pipe(z.email(msg('regEmailFormat'))),
    password: RegisterPasswordSchema,
    confirm: z.string().max(PASSWORD_MAX),
    mobile,
    prefix,
    captcha: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), msg('regCaptchaFormat')),
  })
  .refine((b) => b.confirm === b.password, { path: ['confirm'], ...msg('regConfirmMismatch') });
export type Register = z.input<typeof RegisterSchema>;
export type RegisterInput = z.output<typeof RegisterSchema>;
export const RegisterResultSchema = z.object({
  email: z.string(),
  /** How long the activation link is valid. */
  expires_hours: z.number().int(),
});
export type RegisterResult = z.infer<typeof RegisterResultSchema>;

/** GET|POST /user/activate: the token from the activation mail's link. */
export const ActivateSchema = z.strictObject({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, msg('regTokenInvalid')),
});
export type Activate = z.input<typeof ActivateSchema>;
export const ActivateResultSchema = z.object({
  username: z.string(),
  /** awaiting_assignment: an administrator still has to give the account a hospital and a role. */
  state: z.enum(['awaiting_assignment', 'active']),
});
export type ActivateResult = z.infer<typeof ActivateResultSchema>;

/** POST /user/resendActivation: the same answer whether or not the address belongs to a pending account. */
export const ResendActivationSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX)
    .pipe(z.email(msg('regEmailFormat'))),
});
export type ResendActivation = z.input<typeof ResendActivationSchema>;

/** sys_user.reg_state: 0 a regular account, 1 waiting for the e-mail link, 2 waiting for an administrator. */
export const REG_STATE = { none: 0, pendingActivation: 1, awaitingAssignment: 2 } as const;
