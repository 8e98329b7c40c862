import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  ActivateResultSchema,
  ActivateSchema,
  RegisterResultSchema,
  RegisterSchema,
  ResendActivationSchema,
  SendRegisterCaptchaResultSchema,
  SendRegisterCaptchaSchema,
} from '@shared/schemas/registration';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { linkOrigin } from '../../platform/http/public-origin';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { activate, resendActivation } from './activate';
import { register, type RegisterCaller } from './register';
import { sendRegisterCode } from './send-code';

const tags = ['registration'];

const callerOf = (c: Context<AppEnv>): RegisterCaller => {
  const { ip, locale } = clientMeta(c);
  return { ip, locale, origin: linkOrigin(c) };
};

/** Staff self-registration (docs/registration.md): public routes, each rate-limited per address. */
export function registrationRoutes() {
  const app = newRouter();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/sendRegisterCaptcha',
      tags,
      summary: 'Send a 4-digit registration code to the mobile number (one per number per 60 s, valid 5 minutes)',
      ...access('public'),
      request: jsonBody(SendRegisterCaptchaSchema),
      responses: okResponse(SendRegisterCaptchaResultSchema),
    }),
    async (c) => ok(c, await sendRegisterCode(c.var.deps, c.req.valid('json'), callerOf(c)), 'regSmsSent'),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/register',
      tags,
      summary: 'Register: an inactive account without hospital and role, and the activation mail (24 hours)',
      ...access('public'),
      request: jsonBody(RegisterSchema),
      responses: okResponse(RegisterResultSchema),
    }),
    async (c) => ok(c, await register(c.var.deps, c.req.valid('json'), callerOf(c)), 'regRegistered'),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/activate',
      tags,
      summary: "Activate with the mail's token (single use, 24 hours); the account then awaits an administrator",
      ...access('public'),
      request: jsonBody(ActivateSchema),
      responses: okResponse(ActivateResultSchema),
    }),
    async (c) => ok(c, await activate(c.var.deps, c.req.valid('json').token, callerOf(c)), 'regActivated'),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/user/activate',
      tags,
      summary: 'The same as POST /user/activate, with the token in the query',
      ...access('public'),
      request: { query: ActivateSchema },
      responses: okResponse(ActivateResultSchema),
    }),
    async (c) => ok(c, await activate(c.var.deps, c.req.valid('query').token, callerOf(c)), 'regActivated'),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/resendActivation',
      tags,
      summary: 'A new activation mail; the same answer whether or not the address awaits activation',
      ...access('public'),
      request: jsonBody(ResendActivationSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await resendActivation(c.var.deps, c.req.valid('json').email, callerOf(c));
      return ok(c, null, 'regResendSent');
    },
  );

  return app;
}
