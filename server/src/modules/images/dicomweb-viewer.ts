import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { guard } from '../../platform/http/guard';
import type { Viewer } from './dicomweb-qido';
import { studyOfViewerToken } from './viewer-token';

/**
 * /wado and /dicomweb take the session header (`Authorization: Bearer <token>`, as OHIF and Weasis send
 * it), or token= a viewer window's study-bound token, checked by the route (viewerOf).
 */
export const sessionUnlessViewerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.query('token') !== undefined) return next();
  const [check] = guard('session');
  return check!(c, next);
};

/** The caller as the session's user, or as the viewer token's one study; a dead token is 401. */
export async function viewerOf(c: Context<AppEnv>): Promise<Viewer> {
  const token = c.req.query('token');
  if (token === undefined) return { user: c.var.user };
  const studyPk = await studyOfViewerToken(c.var.deps.db, token);
  if (studyPk === null) throw new AppError(401, 'UNAUTHORIZED', 'imgTokenInvalid');
  return { studyPk };
}
