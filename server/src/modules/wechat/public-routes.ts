import { createRoute, z } from '@hono/zod-openapi';
import { BindUserQuerySchema, PublicBindStateSchema, UnbindBodySchema } from '@shared/schemas/wechat-public';
import { ErrorEnvelopeSchema } from '@shared/schemas/common';
import { AppError } from '../../platform/core/errors';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { bindState, unbind } from './public-bind';
import { handlePush, verifyUrl } from './public-push-handler';

const tags = ['wechat'];
const badSignature = () => new AppError(401, 'SIGNATURE_INVALID', 'wxSignatureInvalid');

const PushParams = z.object({ hospital_code: z.string().min(1).max(32) });
const PushQuery = z.object({
  signature: z.string().max(128).optional(),
  timestamp: z.string().max(32).optional(),
  nonce: z.string().max(128).optional(),
  echostr: z.string().max(256).optional(),
  openid: z.string().max(128).optional(),
  encrypt_type: z.string().max(16).optional(),
  msg_signature: z.string().max(128).optional(),
});
const textResponse = {
  200: {
    description: '"success" (or the echostr of the address check)',
    content: { 'text/plain': { schema: z.string() } },
  },
  401: { description: 'Bad signature (envelope)', content: { 'application/json': { schema: ErrorEnvelopeSchema } } },
};

/** Public-account binding of the signed-in user, and the platform's event push (docs/wechat.md). */
export function wechatPublicRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wxapi/bindWeiXin',
      tags,
      summary:
        "The caller's public-account binding; unbound, a temporary QR code (ticket, url) to scan. The security tab asks every 5 s while unbound. userId must be the caller",
      ...access('session'),
      request: { query: BindUserQuerySchema },
      responses: okResponse(PublicBindStateSchema),
    }),
    async (c) => ok(c, await bindState(c.var.deps, c.var.user, c.req.valid('query').userId)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wxapi/unbindWeiXin',
      tags,
      summary: "Remove the caller's public-account binding (no more notices); userId must be the caller",
      ...access('session'),
      request: jsonBody(UnbindBodySchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await unbind(c.var.deps, c.var.user, c.req.valid('json').userId);
      return ok(c, null, 'wxMpUnbound');
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wxapi/event/{hospital_code}',
      tags,
      summary: "The platform's address check: answers echostr when the signature (token, timestamp, nonce) is right",
      ...access('public'),
      request: { params: PushParams, query: PushQuery },
      responses: textResponse,
    }),
    async (c) => {
      const r = await verifyUrl(c.var.deps, c.req.valid('param').hospital_code, c.req.valid('query'));
      if (r === null) throw badSignature();
      return c.text(r, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wxapi/event/{hospital_code}',
      tags,
      summary:
        'Event push of the hospital public account (XML; subscribe/SCAN with a binding scene binds the scanner, unsubscribe unbinds); signature checked; answers "success"',
      ...access('public'),
      request: { params: PushParams, query: PushQuery },
      responses: textResponse,
    }),
    async (c) => {
      const xml = await c.req.text();
      const done = await handlePush(c.var.deps, c.req.valid('param').hospital_code, c.req.valid('query'), xml);
      if (!done) throw badSignature();
      return c.text('success', 200);
    },
  );
  return app;
}
