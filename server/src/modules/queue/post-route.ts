import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { ZodType, z } from 'zod';
import type { PermissionCode } from '@shared/permissions';
import type { AppEnv } from '../../platform/context';
import { forbidden } from '../../platform/core/errors';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access, guard } from '../../platform/http/guard';

/** Passes when the signed-in user holds any of the codes (the super administrator holds all). */
export function anyOf(...codes: PermissionCode[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const me = c.var.user;
    if (!me.isSuper && !codes.some((p) => me.perms.has(p))) throw forbidden();
    await next();
  };
}

interface PostRouteOptions<B extends ZodType, A extends ZodType> {
  path: string;
  tags: string[];
  summary: string;
  /** One permission, or several of which any will do. */
  permission: PermissionCode | 'session' | PermissionCode[];
  body?: B;
  answer: A;
  handler: (c: Context<AppEnv>, body: z.output<B>) => Promise<z.input<A>>;
}

/** A POST JSON route of the queue answering `{success, msg, data}`. */
export function postRoute<B extends ZodType, A extends ZodType>(
  app: OpenAPIHono<AppEnv>,
  o: PostRouteOptions<B, A>,
): void {
  const permission = Array.isArray(o.permission)
    ? { middleware: [...guard('session'), anyOf(...o.permission)], 'x-permission': o.permission.join(' | ') }
    : access(o.permission);
  const route = createRoute({
    method: 'post',
    path: o.path,
    tags: o.tags,
    summary: o.summary,
    ...permission,
    ...(o.body ? { request: jsonBody(o.body) } : {}),
    responses: okResponse(o.answer),
  });
  app.openapi(route, (async (c: Context<AppEnv>) => {
    const body = o.body ? (c.req as unknown as { valid: (t: 'json') => z.output<B> }).valid('json') : undefined;
    return ok(c, await o.handler(c, body as z.output<B>));
  }) as never);
}
