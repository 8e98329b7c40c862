import { z } from 'zod';
import { LoginResultSchema } from './auth';

/*
 * Sign-in and binding by scanning a QR code with WeChat, through the platform-wide website app of
 * shared/src/schemas/wechat-account.ts (issue 16; docs/wechat.md).
 */

/** How long a QR sign-in / bind attempt (its state and browser cookie) stays usable. */
export const WECHAT_STATE_TTL_S = 300;
export const WECHAT_LOGIN_TYPES = ['login', 'bind'] as const;
export type WechatLoginType = (typeof WECHAT_LOGIN_TYPES)[number];

export const WechatAuthorizeQuerySchema = z.object({ type: z.enum(WECHAT_LOGIN_TYPES) });
export const WechatAuthorizeSchema = z.object({ url: z.string(), expires_in: z.number().int() });

/** /authorize/finish: a sign-in answers the password sign-in's result; a bind answers the bound open id. */
export const WechatFinishSchema = z.object({
  type: z.enum(WECHAT_LOGIN_TYPES),
  open_id: z.string(),
  nickname: z.string(),
  head_photo: z.string(),
  login: LoginResultSchema.optional(),
});
export type WechatFinish = z.infer<typeof WechatFinishSchema>;

export const WechatBindingSchema = z.object({ bound: z.boolean(), open_id_mask: z.string() });
export type WechatBinding = z.infer<typeof WechatBindingSchema>;
