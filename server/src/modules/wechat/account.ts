import { and, eq } from 'drizzle-orm';
import type { WechatAccountKind, WechatAccountSave, WechatAccountView } from '@shared/schemas/wechat-account';
import { WechatAccountSaveSchema } from '@shared/schemas/wechat-account';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import type { DbOrTx } from '../../platform/db/client';
import { hospital, wechatAccount } from '../../platform/db/schema';
import type { Caller } from '../../platform/http/caller';
import { AppError, forbidden } from '../../platform/core/errors';
import { secretBox } from '../../platform/core/secret-box';
import { fmt } from '../../platform/core/time';
import { auditChange } from '../../platform/audit';
import { assertHospital } from '../../platform/hospital-scope';

/** An account with its secrets opened: for server-side calls only, never for an answer or a log line. */
export interface WechatAccount {
  pk: number;
  kind: WechatAccountKind;
  hospital_code: string;
  app_id: string;
  app_secret: string;
  token: string;
  encoding_aes_key: string;
  callback_url: string;
}

type Row = typeof wechatAccount.$inferSelect;

const keyOf = (kind: WechatAccountKind, hospitalCode: string) => (kind === 'web' ? '' : hospitalCode);

export async function accountRow(db: DbOrTx, kind: WechatAccountKind, hospitalCode: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(wechatAccount)
    .where(and(eq(wechatAccount.kind, kind), eq(wechatAccount.hospital_code, keyOf(kind, hospitalCode))))
    .limit(1);
  return row;
}

/**
 * The account to call the platform with: the platform-wide QR sign-in app ('web') or a hospital's public
 * account ('mp'). Throws WECHAT_NOT_CONFIGURED when none is saved, and when the secret no longer opens.
 */
export async function loadAccount(
  deps: Pick<AppDeps, 'db' | 'env'>,
  kind: WechatAccountKind,
  hospitalCode = '',
): Promise<WechatAccount> {
  const row = await accountRow(deps.db, kind, hospitalCode);
  if (!row?.app_id || !row.app_secret_enc) throw new AppError(409, 'WECHAT_NOT_CONFIGURED', 'wxNotConfigured');
  const box = secretBox(deps.env);
  const app_secret = box.open(row.app_secret_enc);
  if (app_secret === null) throw new AppError(409, 'WECHAT_NOT_CONFIGURED', 'wxSecretUnreadable');
  return {
    pk: row.pk,
    kind,
    hospital_code: row.hospital_code,
    app_id: row.app_id,
    app_secret,
    token: row.token ? (box.open(row.token) ?? '') : '',
    encoding_aes_key: row.encoding_aes_key_enc ? (box.open(row.encoding_aes_key_enc) ?? '') : '',
    callback_url: row.callback_url,
  };
}

/** Who may read or change which account: 'web' the super administrator; 'mp' also its hospital's administrator. */
export function assertAccountAccess(me: AuthUser, kind: WechatAccountKind, hospitalCode: string): void {
  if (kind === 'web') {
    if (!me.isSuper) throw forbidden('wxWebSuperOnly');
    return;
  }
  assertHospital(me, hospitalCode);
}

const mask = (secret: string) => (secret.length <= 4 ? '****' : `${'*'.repeat(8)}${secret.slice(-4)}`);

function viewOf(
  deps: Pick<AppDeps, 'env'>,
  kind: WechatAccountKind,
  hospitalCode: string,
  row?: Row,
): WechatAccountView {
  const secret = row?.app_secret_enc ? secretBox(deps.env).open(row.app_secret_enc) : null;
  return {
    kind,
    hospital_code: keyOf(kind, hospitalCode),
    app_id: row?.app_id ?? '',
    app_secret_set: !!row?.app_secret_enc,
    app_secret_mask: row?.app_secret_enc ? (secret === null ? '' : mask(secret)) : '',
    token_set: !!row?.token,
    encoding_aes_key_set: !!row?.encoding_aes_key_enc,
    callback_url: row?.callback_url ?? '',
    update_name: row?.update_name ?? '',
    update_time: fmt(row?.update_time),
  };
}

export async function viewAccount(
  deps: AppDeps,
  me: AuthUser,
  kind: WechatAccountKind,
  hospitalCode: string,
): Promise<WechatAccountView> {
  assertAccountAccess(me, kind, hospitalCode);
  return viewOf(deps, kind, hospitalCode, await accountRow(deps.db, kind, hospitalCode));
}

async function assertHospitalExists(db: DbOrTx, code: string) {
  const [h] = await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code)).limit(1);
  if (!h) throw AppError.validation('validation', [{ field: 'hospital_code', msg: 'notFound' }]);
}

/** Saves one account in a transaction; absent secrets keep the stored ones; a new app drops the cached token. */
export async function saveAccount(deps: AppDeps, caller: Caller, input: WechatAccountSave): Promise<WechatAccountView> {
  const body = WechatAccountSaveSchema.parse(input);
  const code = keyOf(body.kind, body.hospital_code);
  assertAccountAccess(caller.me, body.kind, code);
  const box = secretBox(deps.env);
  const row = await deps.db.transaction(async (tx) => {
    if (body.kind === 'mp') await assertHospitalExists(tx, code);
    const old = await accountRow(tx, body.kind, code);
    if (!old?.app_secret_enc && !body.app_secret) {
      throw AppError.validation('wxSecretRequired', [{ field: 'app_secret', msg: 'wxSecretRequired' }]);
    }
    const appChanged = !old || old.app_id !== body.app_id || !!body.app_secret;
    const values = {
      app_id: body.app_id,
      app_secret_enc: body.app_secret ? box.seal(body.app_secret) : (old?.app_secret_enc ?? ''),
      token: body.token ? box.seal(body.token) : (old?.token ?? ''),
      encoding_aes_key_enc: body.clear_encoding_aes_key
        ? ''
        : body.encoding_aes_key
          ? box.seal(body.encoding_aes_key)
          : (old?.encoding_aes_key_enc ?? ''),
      callback_url: body.callback_url,
      update_name: caller.me.username,
      update_time: new Date(),
      ...(appChanged ? { access_token_enc: '', access_token_expires_at: null } : {}),
    };
    const [saved] = await tx
      .insert(wechatAccount)
      .values({ kind: body.kind, hospital_code: code, ...values })
      .onConflictDoUpdate({ target: [wechatAccount.kind, wechatAccount.hospital_code], set: values })
      .returning();
    const changed = [
      ...(body.app_secret ? ['app_secret'] : []),
      ...(body.token ? ['token'] : []),
      ...(body.encoding_aes_key || body.clear_encoding_aes_key ? ['encoding_aes_key'] : []),
    ];
    await auditChange(tx, caller.me, {
      action: 'wechat_account_save',
      target: `wechat_account:${body.kind}:${code || '-'}`,
      before: old ? { app_id: old.app_id, callback_url: old.callback_url } : null,
      after: { app_id: body.app_id, callback_url: body.callback_url, changed },
      ip: caller.ip,
    });
    return saved;
  });
  return viewOf(deps, body.kind, code, row);
}
