import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, ne } from 'drizzle-orm';
import type { WechatFinish, WechatLoginType } from '@shared/schemas/wechat-login';
import { WECHAT_STATE_TTL_S } from '@shared/schemas/wechat-login';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import { sysUser, wechatLoginState } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { isUniqueViolation } from '../../platform/conflict';
import { AppError } from '../../platform/core/errors';
import { audit } from '../../platform/audit';
import { completeSignIn, type ClientMeta, findUser } from '../auth';
import { getConfigs } from '../../platform/config';
import { accountRow, loadAccount } from './account';
import { platformCall } from './platform-http';

const clock = (deps: Pick<AppDeps, 'now'>) => deps.now?.() ?? new Date();
const stateInvalid = () => new AppError(400, 'WECHAT_STATE', 'wxStateInvalid');

/** QR sign-in is offered when the sys_config flag weixin_login is Y and the QR sign-in app is saved. */
export async function qrLoginOffered(deps: AppDeps): Promise<boolean> {
  const cfg = await getConfigs(deps.db, ['weixin_login']);
  if (cfg.weixin_login !== 'Y') return false;
  const row = await accountRow(deps.db, 'web', '');
  return !!row?.app_id && !!row.app_secret_enc;
}

/**
 * Starts a sign-in or bind: a random state (kept hashed, single use, WECHAT_STATE_TTL_S) bound to the
 * browser id of the HttpOnly cookie and, for a bind, to the signed-in user. Answers the QR connect address.
 */
export async function startQrLogin(
  deps: AppDeps,
  type: WechatLoginType,
  browserId: string,
  redirectUri: string,
  user?: AuthUser,
): Promise<{ url: string; expires_in: number }> {
  if (type === 'login' && !(await qrLoginOffered(deps))) throw new AppError(403, 'WECHAT_LOGIN_OFF', 'wxLoginOff');
  const account = await loadAccount(deps, 'web');
  const now = clock(deps);
  const state = randomBytes(24).toString('base64url');
  await deps.db.delete(wechatLoginState).where(lt(wechatLoginState.expires_at, now));
  await deps.db.insert(wechatLoginState).values({
    state_hash: sha256Hex(state),
    type,
    browser_hash: sha256Hex(browserId),
    user_pk: type === 'bind' ? (user?.pk ?? null) : null,
    expires_at: new Date(now.getTime() + WECHAT_STATE_TTL_S * 1000),
  });
  const url = new URL(`${deps.env.WECHAT_OPEN_BASE}/connect/qrconnect`);
  url.searchParams.set('appid', account.app_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'snsapi_login');
  url.searchParams.set('state', state);
  return { url: `${url.toString()}#wechat_redirect`, expires_in: WECHAT_STATE_TTL_S };
}

interface SnsToken {
  access_token?: string;
  openid?: string;
}
interface SnsUser {
  openid?: string;
  nickname?: string;
  headimgurl?: string;
}

/**
 * The platform sent the browser back with code and state: the state must be this browser's, unexpired and
 * not yet called back (marked in the same statement). The code becomes the open id and profile, kept on the
 * state row until /authorize/finish uses it.
 */
export async function qrCallback(deps: AppDeps, code: string, state: string, browserId: string | null) {
  if (!browserId || !state || !code) throw stateInvalid();
  const now = clock(deps);
  const [row] = await deps.db
    .update(wechatLoginState)
    .set({ called_back_at: now })
    .where(
      and(
        eq(wechatLoginState.state_hash, sha256Hex(state)),
        eq(wechatLoginState.browser_hash, sha256Hex(browserId)),
        gt(wechatLoginState.expires_at, now),
        eq(wechatLoginState.open_id, ''),
      ),
    )
    .returning();
  if (!row || (row.called_back_at && row.called_back_at.getTime() !== now.getTime())) throw stateInvalid();
  const account = await loadAccount(deps, 'web');
  const token = await platformCall<SnsToken>(deps, '/sns/oauth2/access_token', {
    appid: account.app_id,
    secret: account.app_secret,
    code,
    grant_type: 'authorization_code',
  });
  if (!token.access_token || !token.openid) throw new AppError(503, 'UNAVAILABLE', 'wxPlatformUnreachable');
  const info = await platformCall<SnsUser>(deps, '/sns/userinfo', {
    access_token: token.access_token,
    openid: token.openid,
  });
  const head = /^https?:\/\//.test(info.headimgurl ?? '') ? (info.headimgurl ?? '').slice(0, 512) : '';
  await deps.db
    .update(wechatLoginState)
    .set({ open_id: token.openid.slice(0, 128), nickname: (info.nickname ?? '').slice(0, 128), head_photo: head })
    .where(eq(wechatLoginState.state_hash, row.state_hash));
  const user = row.type === 'login' ? await userByOpenId(deps, token.openid) : null;
  return { type: row.type as WechatLoginType, open_id: token.openid, head_photo: head, user_id: user?.uuid ?? '' };
}

async function userByOpenId(deps: AppDeps, openId: string) {
  const [u] = await deps.db
    .select({ pk: sysUser.pk, uuid: sysUser.uuid })
    .from(sysUser)
    .where(eq(sysUser.openid, openId));
  return u ?? null;
}

/**
 * Uses up a called-back state of this browser (deleted in the statement that finds it): a sign-in signs the
 * bound user in like the password sign-in (account rules, session, audit); a bind links the open id.
 */
export async function qrFinish(deps: AppDeps, browserId: string | null, meta: ClientMeta): Promise<WechatFinish> {
  if (!browserId) throw stateInvalid();
  const now = clock(deps);
  const [row] = await deps.db
    .delete(wechatLoginState)
    .where(
      and(
        eq(wechatLoginState.browser_hash, sha256Hex(browserId)),
        isNotNull(wechatLoginState.called_back_at),
        ne(wechatLoginState.open_id, ''),
        gt(wechatLoginState.expires_at, now),
      ),
    )
    .returning();
  if (!row) throw stateInvalid();
  const base = { open_id: row.open_id, nickname: row.nickname, head_photo: row.head_photo };
  if (row.type === 'bind') {
    if (!row.user_pk) throw stateInvalid();
    await bindOpenId(deps, row.user_pk, row.open_id, meta.ip);
    return { type: 'bind', ...base };
  }
  const bound = await userByOpenId(deps, row.open_id);
  const found = bound ? await findUser(deps.db, { pk: bound.pk }) : null;
  if (!found) {
    await audit(deps.db, { action: 'login_wechat_refused', ip: meta.ip, detail: { reason: 'not_bound' } });
    throw new AppError(403, 'WECHAT_NOT_BOUND', 'wxNotBound');
  }
  const login = await completeSignIn(deps, found, meta, 'wechat');
  return { type: 'login', ...base, login };
}

export async function bindOpenId(deps: AppDeps, userPk: number, openId: string, ip: string): Promise<void> {
  const [other] = await deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.openid, openId));
  if (other && other.pk !== userPk) throw new AppError(409, 'WECHAT_BOUND_OTHER', 'wxBoundOther');
  try {
    const [u] = await deps.db
      .update(sysUser)
      .set({ openid: openId })
      .where(eq(sysUser.pk, userPk))
      .returning({ username: sysUser.username });
    await audit(deps.db, { user_pk: userPk, username: u?.username ?? '', action: 'wechat_bind', ip });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, 'WECHAT_BOUND_OTHER', 'wxBoundOther');
    throw e;
  }
}

export async function unbindOpenId(deps: AppDeps, me: AuthUser, ip: string): Promise<void> {
  const [u] = await deps.db
    .update(sysUser)
    .set({ openid: '' })
    .where(and(eq(sysUser.pk, me.pk), ne(sysUser.openid, '')))
    .returning({ pk: sysUser.pk });
  if (!u) throw new AppError(400, 'VALIDATION', 'wxNoneBound');
  await audit(deps.db, { user_pk: me.pk, username: me.username, action: 'wechat_unbind', ip });
}

export async function bindingOf(deps: AppDeps, me: AuthUser) {
  const [u] = await deps.db.select({ openid: sysUser.openid }).from(sysUser).where(eq(sysUser.pk, me.pk));
  const id = u?.openid ?? '';
  return { bound: !!id, open_id_mask: id ? `${id.slice(0, 4)}****${id.slice(-4)}` : '' };
}
