import type { AuthUser } from '../../platform/core/auth-user';
import { newToken, sha256Hex } from '../../platform/core/crypto';
import { forbidden, unauthorized } from '../../platform/core/errors';

/**
 * A render token lives this long at most: a render gives up after 30 s, its wait in the queue included
 * (renderer.ts), and the token is revoked as soon as its render ends.
 */
export const RENDER_TOKEN_TTL_MS = 2 * 60_000;

/** One report as it was audited: the print page's address (with `rpt_pk`) and its `/report/info` request. */
export interface AuditedReportRef {
  study_iuid: string;
  /** The audit's version row (its pk); it belongs to one report of the study. */
  audit_version: number;
}

type Authenticate = (token: string, path: string) => Promise<AuthUser>;

interface Grant {
  user: AuthUser;
  expiresAt: number;
}

/**
 * Live render tokens per app (keyed by its database handle, which the app's authenticate is composed with), by
 * the token's SHA-256: the token itself is kept only by the render job and its browser page. In this process's
 * memory, not a table: only this process renders, and the page's requests come back to this process (the
 * renderer's private loopback listener serves this app), so no other process ever needs to know a token.
 */
const grantsOf = new WeakMap<object, Map<string, Grant>>();

/**
 * What the print page asks for one report as audited (web/src/features/report-print/api/print-data.ts): the
 * report settings, then that study's report info at that audit version (which holds no drafts), nothing else.
 */
export function printPageRequests(
  ref: AuditedReportRef,
): ReadonlyMap<string, Readonly<Record<string, string | number>>> {
  return new Map<string, Readonly<Record<string, string | number>>>([
    ['/tool/reportConfig', {}],
    ['/report/info', { study_iuid: ref.study_iuid, audit_version: ref.audit_version }],
  ]);
}

/**
 * A render token for the print page of one audited report, acting as `user` (the auditor) on that page's
 * requests only (AuthUser.onlyRequests, enforced by the guard): random (256 bits), kept hashed, expiring
 * within RENDER_TOKEN_TTL_MS. `revoke()` ends it at once; the render's `finally` calls it.
 */
export function issueRenderToken(app: object, user: AuthUser, ref: AuditedReportRef, now = Date.now()) {
  let grants = grantsOf.get(app);
  if (!grants) {
    grants = new Map();
    grantsOf.set(app, grants);
  }
  for (const [hash, g] of grants) if (g.expiresAt <= now) grants.delete(hash);
  const token = newToken();
  const hash = sha256Hex(token);
  const expiresAt = new Date(now + RENDER_TOKEN_TTL_MS);
  grants.set(hash, {
    // Not a session of the user's (sessionPk 0). The render shows an audit already made: a password reset
    // since then, which limits what the person may do next, does not stop it.
    user: { ...user, sessionPk: 0, expiresAt, mustChangePassword: false, onlyRequests: printPageRequests(ref) },
    expiresAt: expiresAt.getTime(),
  });
  const live = grants;
  return { token, expiresAt, revoke: () => void live.delete(hash) };
}

/**
 * The app's authenticate with render tokens: a live one is its user, on the print page's paths only (403
 * elsewhere; the guard then checks each request's fields); an expired one is a 401; any other token goes to
 * `next` (sessions, apps' access tokens), so a revoked render token is a 401 there as any unknown token.
 */
export function withRenderTokens(app: object, next: Authenticate): Authenticate {
  return async (token, path) => {
    const grants = grantsOf.get(app);
    if (!grants?.size || !token) return next(token, path);
    const hash = sha256Hex(token);
    const grant = grants.get(hash);
    if (!grant) return next(token, path);
    if (grant.expiresAt <= Date.now()) {
      grants.delete(hash);
      throw unauthorized();
    }
    if (!grant.user.onlyRequests?.has(path)) throw forbidden();
    return grant.user;
  };
}
