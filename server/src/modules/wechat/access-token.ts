import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { wechatAccount } from '../../platform/db/schema';
import { secretBox } from '../../platform/core/secret-box';
import type { WechatAccount } from './account';
import { PlatformError, platformCall, type PlatformReply } from './platform-http';

/** A token is renewed this long before the platform says it expires. */
const MARGIN_MS = 5 * 60_000;
/** errcodes that mean the access token is no longer good: fetch a new one and try once more. */
const STALE_TOKEN = new Set([40001, 40014, 42001]);

const inFlight = new Map<number, Promise<string>>();
const clock = (deps: Pick<AppDeps, 'now'>) => deps.now?.() ?? new Date();

type Deps = Pick<AppDeps, 'db' | 'env' | 'now'>;

/**
 * The account's access token (GET /cgi-bin/token?grant_type=client_credential): kept sealed in its row
 * until shortly before it expires, so every server process shares one (a new token ends the old one's
 * life at the platform). One fetch at a time per account in this process.
 */
export async function getAccessToken(
  deps: Deps,
  account: WechatAccount,
  opts: { fresh?: boolean } = {},
): Promise<string> {
  if (!opts.fresh) {
    const [row] = await deps.db
      .select({ enc: wechatAccount.access_token_enc, until: wechatAccount.access_token_expires_at })
      .from(wechatAccount)
      .where(eq(wechatAccount.pk, account.pk));
    if (row?.enc && row.until && row.until.getTime() - MARGIN_MS > clock(deps).getTime()) {
      const token = secretBox(deps.env).open(row.enc);
      if (token) return token;
    }
  }
  let pending = inFlight.get(account.pk);
  if (!pending) {
    pending = fetchToken(deps, account).finally(() => inFlight.delete(account.pk));
    inFlight.set(account.pk, pending);
  }
  return pending;
}

async function fetchToken(deps: Deps, account: WechatAccount): Promise<string> {
  const reply = await platformCall<PlatformReply & { access_token?: string; expires_in?: number }>(
    deps,
    '/cgi-bin/token',
    { grant_type: 'client_credential', appid: account.app_id, secret: account.app_secret },
  );
  if (!reply.access_token) throw new PlatformError(-1, 'no access_token');
  const seconds = Number(reply.expires_in) > 0 ? Number(reply.expires_in) : 7200;
  await deps.db
    .update(wechatAccount)
    .set({
      access_token_enc: secretBox(deps.env).seal(reply.access_token),
      access_token_expires_at: new Date(clock(deps).getTime() + seconds * 1000),
    })
    .where(eq(wechatAccount.pk, account.pk));
  return reply.access_token;
}

/** Forgets the cached token (the platform said it is no longer valid). */
export async function dropAccessToken(deps: Deps, account: WechatAccount): Promise<void> {
  await deps.db
    .update(wechatAccount)
    .set({ access_token_enc: '', access_token_expires_at: null })
    .where(eq(wechatAccount.pk, account.pk));
}

/**
 * A call that needs the access token (`?access_token=`), e.g. '/cgi-bin/menu/create' with a body: when the
 * platform answers that the token is stale (40001, 40014, 42001) it is fetched again and the call made once more.
 */
export async function callWithToken<T extends object = PlatformReply>(
  deps: Deps,
  account: WechatAccount,
  path: string,
  body?: unknown,
  query: Record<string, string> = {},
): Promise<T> {
  const token = await getAccessToken(deps, account);
  try {
    return await platformCall<T>(deps, path, { ...query, access_token: token }, body);
  } catch (e) {
    if (!(e instanceof PlatformError) || !STALE_TOKEN.has(e.errcode)) throw e;
    await dropAccessToken(deps, account);
    const again = await getAccessToken(deps, account, { fresh: true });
    return platformCall<T>(deps, path, { ...query, access_token: again }, body);
  }
}
