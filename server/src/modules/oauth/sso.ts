import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SsoLoginSchema } from '@shared/schemas/oauth';
import type { AppDeps } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { session } from '../../platform/db/schema';
import { sha256Hex } from '../../platform/core/crypto';
import { AppError } from '../../platform/core/errors';
import { audit } from '../../platform/audit';
import { login, type ClientMeta } from '../auth';
import { checkAuthRequest, type AppRecord } from './clients';
import { issueCode } from './codes';

type SsoLoginInput = z.output<typeof SsoLoginSchema>;

interface CodeRequest {
  redirectUri: string;
  state: string;
  code_challenge: string;
}

/** A code for the user and the app, and its audit row (no code in it). */
export async function authorize(
  db: Db,
  app: AppRecord,
  user: { pk: number; username: string },
  req: CodeRequest,
  ip: string,
) {
  const auth_code = await issueCode(db, {
    appPk: app.pk,
    userPk: user.pk,
    redirectUri: req.redirectUri,
    codeChallenge: req.code_challenge,
  });
  await audit(db, {
    user_pk: user.pk,
    username: user.username,
    action: 'oauth_authorize',
    target: `sys_app:${app.pk}`,
    ip,
    detail: { app_name: app.app_name, redirect_uri: req.redirectUri },
  });
  return { auth_code, auth_state: req.state };
}

/**
 * POST /sso/login: the client first (a bad client never costs a sign-in attempt), then the normal sign-in
 * (captcha, throttling, lockout: auth/login.ts), then a code. A password that must change gets no code.
 */
export async function ssoLogin(deps: AppDeps, body: SsoLoginInput, meta: ClientMeta) {
  const app = await checkAuthRequest(deps.db, body.client_id, body.redirectUri);
  const result = await login(deps, body, meta);
  if (result.password_expire) {
    await deps.db
      .update(session)
      .set({ revoked_at: new Date() })
      .where(eq(session.token_hash, sha256Hex(result.token)));
    throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'passwordMustChange');
  }
  const granted = await authorize(deps.db, app, result.user, body, meta.ip);
  return { ...granted, token: result.token };
}
