import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { PublicBindState } from '@shared/schemas/wechat-public';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { hospital, wechatAccount, wechatMpBind, wechatMpScene } from '../../platform/db/schema';
import { newToken, sha256Hex } from '../../platform/core/crypto';
import { forbidden } from '../../platform/core/errors';
import { PlatformError, type PlatformReply } from './platform-http';
import { callWithToken } from './access-token';
import { loadAccount } from './account';

/** Lifetime asked of a binding QR code; one still valid this long is shown again instead of a new one. */
export const BIND_QR_SECONDS = 600;
const REUSE_MARGIN_MS = 60_000;

const now = (deps: AppDeps) => deps.now?.() ?? new Date();

function assertSelf(me: AuthUser, userId: number | undefined): void {
  if (userId !== undefined && me.pk !== userId) throw forbidden();
}

export async function hasPublicAccount(db: Db, hospitalCode: string): Promise<boolean> {
  const [row] = await db
    .select({ pk: wechatAccount.pk })
    .from(wechatAccount)
    .where(and(eq(wechatAccount.kind, 'mp'), eq(wechatAccount.hospital_code, hospitalCode)))
    .limit(1);
  return !!row;
}

async function acceptsMessages(db: Db, hospitalCode: string): Promise<boolean> {
  const [row] = await db
    .select({ a: hospital.accept_wx_msg })
    .from(hospital)
    .where(eq(hospital.code, hospitalCode))
    .limit(1);
  return row?.a === 1;
}

/** A live QR code of this user's, or a new one from the platform (QR_STR_SCENE, random single-use scene). */
async function liveQr(deps: AppDeps, me: AuthUser) {
  const t = now(deps);
  const [live] = await deps.db
    .select()
    .from(wechatMpScene)
    .where(
      and(
        eq(wechatMpScene.user_pk, me.pk),
        isNull(wechatMpScene.used_at),
        gt(wechatMpScene.expires_at, new Date(t.getTime() + REUSE_MARGIN_MS)),
      ),
    )
    .limit(1);
  if (live) return live;
  const scene = newToken(); // 43 characters, within the platform's 64
  const account = await loadAccount(deps, 'mp', me.hospital_code);
  const answer = await callWithToken<PlatformReply & { ticket?: string; expire_seconds?: number; url?: string }>(
    deps,
    account,
    '/cgi-bin/qrcode/create',
    {
      expire_seconds: BIND_QR_SECONDS,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: scene } },
    },
  );
  if (typeof answer.ticket !== 'string' || !answer.ticket) throw new PlatformError(-1, 'no ticket');
  const seconds = typeof answer.expire_seconds === 'number' ? answer.expire_seconds : BIND_QR_SECONDS;
  const row = {
    scene_hash: sha256Hex(scene),
    user_pk: me.pk,
    hospital_code: me.hospital_code,
    ticket: answer.ticket.slice(0, 256),
    url: typeof answer.url === 'string' ? answer.url.slice(0, 512) : '',
    expires_at: new Date(t.getTime() + seconds * 1000),
    used_at: null,
  };
  await deps.db.transaction(async (tx) => {
    // Expired or used codes of this user go; the table holds at most the live one per user.
    await tx
      .delete(wechatMpScene)
      .where(
        and(eq(wechatMpScene.user_pk, me.pk), or(lt(wechatMpScene.expires_at, t), isNotNull(wechatMpScene.used_at))),
      );
    await tx.insert(wechatMpScene).values(row);
  });
  return row;
}

/**
 * `GET /wxapi/bindWeiXin?userId`: the caller's binding to their hospital's public account. Unbound, it
 * carries a temporary QR code (ticket, url) to scan; the security tab asks again every 5 s.
 */
export async function bindState(deps: AppDeps, me: AuthUser, userId: number | undefined): Promise<PublicBindState> {
  assertSelf(me, userId);
  const base = {
    wechat_accept: me.settings.wechat_accept === true,
    accept_wx_msg: await acceptsMessages(deps.db, me.hospital_code),
  };
  const [bound] = await deps.db.select().from(wechatMpBind).where(eq(wechatMpBind.user_pk, me.pk)).limit(1);
  if (bound) return { ...base, available: true, bound: true };
  if (!me.hospital_code || !(await hasPublicAccount(deps.db, me.hospital_code))) {
    return { ...base, available: false, bound: false };
  }
  const qr = await liveQr(deps, me);
  return {
    ...base,
    available: true,
    bound: false,
    ticket: qr.ticket,
    url: qr.url,
    expire_seconds: Math.max(0, Math.round((qr.expires_at.getTime() - now(deps).getTime()) / 1000)),
  };
}

/** Removes the caller's binding (and any QR code still waiting): no more notices through the account. */
export async function unbind(deps: AppDeps, me: AuthUser, userId: number | undefined): Promise<void> {
  assertSelf(me, userId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(wechatMpBind).where(eq(wechatMpBind.user_pk, me.pk));
    await tx.delete(wechatMpScene).where(eq(wechatMpScene.user_pk, me.pk));
  });
}

/**
 * A scan of a binding QR code (subscribe with qrscene_<scene>, or SCAN): uses the scene up and binds the
 * scanner's open id to the scene's user. An open id already bound to another user of the hospital moves.
 * Unknown, used or expired scenes change nothing.
 */
export async function bindScene(deps: AppDeps, hospitalCode: string, scene: string, openId: string): Promise<boolean> {
  const t = now(deps);
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(wechatMpScene)
      .set({ used_at: t })
      .where(
        and(
          eq(wechatMpScene.scene_hash, sha256Hex(scene)),
          eq(wechatMpScene.hospital_code, hospitalCode),
          isNull(wechatMpScene.used_at),
          gt(wechatMpScene.expires_at, t),
        ),
      )
      .returning({ user_pk: wechatMpScene.user_pk });
    if (!used) return false;
    await tx
      .delete(wechatMpBind)
      .where(and(eq(wechatMpBind.hospital_code, hospitalCode), eq(wechatMpBind.open_id, openId)));
    await tx
      .insert(wechatMpBind)
      .values({ user_pk: used.user_pk, hospital_code: hospitalCode, open_id: openId, bound_at: t })
      .onConflictDoUpdate({
        target: wechatMpBind.user_pk,
        set: { hospital_code: hospitalCode, open_id: openId, bound_at: t },
      });
    return true;
  });
}

/** The follower left the account: notices cannot reach them, so the binding goes. */
export async function unfollow(db: Db, hospitalCode: string, openId: string): Promise<void> {
  await db
    .delete(wechatMpBind)
    .where(and(eq(wechatMpBind.hospital_code, hospitalCode), eq(wechatMpBind.open_id, openId)));
}
