/** Wire envelope of every answer (spec section 8) and the error identifiers the client may branch on. */
export interface Envelope<T = unknown> {
  success: boolean;
  msg: string;
  data: T;
  /** HTTP-like status, or a spec code (700 session expired, 510 list warning). Present on failures. */
  code?: number;
  /** Stable machine identifier of the failure. */
  error?: ErrorId;
  /** Field-level problems for invalid input. */
  errors?: { field: string; msg: string }[];
}

export const ERROR_IDS = [
  'VALIDATION',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'BAD_CREDENTIALS',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_WRONG',
  'ACCOUNT_LOCKED',
  'TOO_MANY_ATTEMPTS',
  'ACCOUNT_DISABLED',
  'NO_MENU',
  'PASSWORD_POLICY',
  'PASSWORD_CHANGE_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'REPORT_STATE',
  'STALE_VERSION',
  'CONTENT_CHECK',
  'LOCKED_BY_OTHER',
  'FEATURE_OFF',
  'CHALLENGE_INVALID',
  'CERT_INVALID',
  'SIGNATURE_INVALID',
  'CERT_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_NOT_BOUND',
  'CERT_BOUND_OTHER',
  'PDF_UNAVAILABLE',
  'UNAVAILABLE',
  'INTERNAL',
  'QUEUE_STATE',
  'QUEUE_DUPLICATE',
  'US_NUMBER_OVERLAP',
  'US_NUMBER_IN_USE',
  'US_NUMBER_EXHAUSTED',
  'OAUTH_CLIENT',
  'OAUTH_REDIRECT',
  'OAUTH_SCOPE',
  'REGISTRATION_PENDING',
  'WECHAT_NOT_CONFIGURED',
  'WECHAT_PLATFORM',
  'WECHAT_STATE',
  'WECHAT_NOT_BOUND',
  'WECHAT_BOUND_OTHER',
  'WECHAT_LOGIN_OFF',
  'AI_UNAVAILABLE',
  /** No print template (layout) of the kind asked for is set up (/printApply). */
  'TEMPLATE_MISSING',
  'CERT_KEY_USAGE',
  'ESIGN_REQUIRED',
  'ESIGN_STALE',
  'VERIFY_NOT_FOUND',
  /** A patient-info save would give a study a patient ID whose other reports carry another name (data: the ID, the count). */
  'PATIENT_HAS_REPORTS',
] as const;
export type ErrorId = (typeof ERROR_IDS)[number];
