import { z } from 'zod';
import { LoginResultSchema } from './auth';

/** Certificate (USB key) sign-in and binding. The signed data is SHA-256(origin) || SHA-256(challenge). */

/** 256 random bits, padded base64: 44 characters. */
export const CERT_CHALLENGE_BYTES = 32;
export const CERT_CHALLENGE_LENGTH = 44;
export const CERT_CHALLENGE_TTL_SECONDS = 5 * 60;
/** PIN rules of the spec: 6 to 16 at sign-in, up to 19 in the bind dialog. */
export const CERT_PIN_MIN = 6;
export const CERT_LOGIN_PIN_MAX = 16;
export const CERT_BIND_PIN_MAX = 19;

export const CertPurposeSchema = z.enum(['login', 'bind']);
export type CertPurpose = z.infer<typeof CertPurposeSchema>;

export const CertChallengeRequestSchema = z.object({ purpose: CertPurposeSchema.default('login') });
export type CertChallengeRequest = z.input<typeof CertChallengeRequestSchema>;

export const CertChallengeSchema = z.object({ challenge: z.string(), expires_in: z.number().int() });
export type CertChallenge = z.infer<typeof CertChallengeSchema>;

const base64 = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/);

/** What the client sends back: the challenge, the key's signature over it, and the certificate (DER). */
export const CertProofSchema = z.object({
  challenge: z.string().length(CERT_CHALLENGE_LENGTH),
  signature: base64(2048),
  certificate: base64(16384),
  algorithm: z.enum(['RS256', 'ES256']),
});
export type CertProof = z.infer<typeof CertProofSchema>;

/** The password sign-in's result plus the certificate's remaining validity; the warning is '' beyond 60 days. */
export const CertLoginResultSchema = LoginResultSchema.extend({
  cert_days_left: z.number().int(),
  cert_expire_warning: z.string(),
});
export type CertLoginResult = z.infer<typeof CertLoginResultSchema>;

export const CertBindingSchema = z.object({
  /** SHA-256 fingerprint of the certificate (hex), stored as the user's usb_key. */
  usb_key: z.string(),
  subject: z.string(),
  not_after: z.string(),
  days_left: z.number().int(),
  warning: z.string(),
});
export type CertBinding = z.infer<typeof CertBindingSchema>;
