import type { Context } from 'hono';
import type { Db } from '../../platform/db/client';
import { clientMeta } from '../../platform/http/client-meta';
import { tooManyAttempts, countFailure, recordSuccess, waitSeconds } from '../auth';
import { authenticateClient, clientCredentials, findApp, type AppRecord } from './clients';
import { OAuthError } from './grant';

/** The throttle's name for a client: failed secrets are counted like failed passwords of a username. */
const throttleKey = (clientId: string) => `oauth:${clientId}`.slice(0, 64);

/**
 * The authenticated client of a token, revocation or checkApp request, or an OAuthError (401
 * invalid_client). Failed secrets of a known client count in the sign-in throttle per address (429 once it
 * backs off); an unknown client id writes nothing (ids are random: there is nothing to guess against).
 */
export async function requireClient(
  c: Context,
  db: Db,
  form: { client_id?: string | undefined; client_secret?: string | undefined },
): Promise<AppRecord> {
  const cred = clientCredentials(c, form);
  if (cred === 'malformed') throw new OAuthError('invalid_request', 'client authentication: malformed or twice');
  if (!cred) throw new OAuthError('invalid_client', 'client authentication required');
  const { ip } = clientMeta(c);
  const wait = await waitSeconds(db, throttleKey(cred.id), ip);
  if (wait) throw tooManyAttempts(wait);
  const app = await authenticateClient(db, cred);
  if (app) {
    await recordSuccess(db, throttleKey(cred.id), ip);
    return app;
  }
  if (await findApp(db, cred.id)) await countFailure(db, throttleKey(cred.id), ip);
  if (cred.via === 'basic') c.header('WWW-Authenticate', 'Basic realm="oauth"');
  throw new OAuthError('invalid_client', 'client authentication failed');
}
