import { z } from 'zod';
import { msg } from './common';

/**
 * Messaging platform (WeChat) account settings (issue 16; docs/wechat.md), the /WeChatManage page.
 * kind 'web': the platform-wide website app of QR sign-in/binding; kind 'mp': a hospital's public account.
 * The app secret, token and EncodingAESKey are write-only: answers say only whether one is set.
 */
export const WECHAT_ACCOUNT_KINDS = ['web', 'mp'] as const;
export type WechatAccountKind = (typeof WECHAT_ACCOUNT_KINDS)[number];

export const WechatAccountQuerySchema = z.object({
  kind: z.enum(WECHAT_ACCOUNT_KINDS),
  /** The hospital of an 'mp' account; ignored for 'web'. */
  hospital_code: z.string().trim().max(32).default(''),
});

const keepOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

export const WechatAccountSaveSchema = z.object({
  kind: z.enum(WECHAT_ACCOUNT_KINDS),
  hospital_code: z.string().trim().max(32).default(''),
  app_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, msg('wxAppIdFormat')),
  /** Absent or '': keep the stored one. */
  app_secret: keepOr(z.string().regex(/^[\x21-\x7e]{1,128}$/, msg('wxSecretFormat'))),
  /** Event-push token: 3-32 letters or digits (the platform's rule). Absent or '': keep. */
  token: keepOr(z.string().regex(/^[A-Za-z0-9]{3,32}$/, msg('wxTokenFormat'))),
  /** EncodingAESKey: 43 letters or digits. Absent or '': keep. */
  encoding_aes_key: keepOr(z.string().regex(/^[A-Za-z0-9]{43}$/, msg('wxAesKeyFormat'))),
  /** Clears a stored EncodingAESKey (plain-text push). */
  clear_encoding_aes_key: z.boolean().default(false),
  callback_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(512)]).default(''),
});
export type WechatAccountSave = z.input<typeof WechatAccountSaveSchema>;

export const WechatAccountViewSchema = z.object({
  kind: z.enum(WECHAT_ACCOUNT_KINDS),
  hospital_code: z.string(),
  app_id: z.string(),
  /** Whether a secret is stored, and a mask (never the secret). */
  app_secret_set: z.boolean(),
  app_secret_mask: z.string(),
  token_set: z.boolean(),
  encoding_aes_key_set: z.boolean(),
  callback_url: z.string(),
  update_name: z.string(),
  update_time: z.string(),
});
export type WechatAccountView = z.infer<typeof WechatAccountViewSchema>;
