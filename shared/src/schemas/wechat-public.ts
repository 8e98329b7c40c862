import { z } from 'zod';

/** The public account binding state of a user (security tab, polled every 5 s while unbound). */
export const PublicBindStateSchema = z.object({
  /** false: the user's hospital has no public account configured (/WeChatManage). */
  available: z.boolean(),
  bound: z.boolean(),
  ticket: z.string().optional(),
  url: z.string().optional(),
  expire_seconds: z.number().int().optional(),
  wechat_accept: z.boolean(),
  accept_wx_msg: z.boolean(),
});
export type PublicBindState = z.infer<typeof PublicBindStateSchema>;
export const WECHAT_BIND_POLL_MS = 5000;

/** userId: the caller's own pk (the spec's parameter); absent means the caller. */
export const BindUserQuerySchema = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });
export const UnbindBodySchema = z.object({ userId: z.number().int().min(1).max(2_147_483_647).optional() });
