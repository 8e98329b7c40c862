import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { ErrorEnvelopeSchema } from '@shared/schemas/common';

export function jsonBody<T extends ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } } as const;
}
export function formBody<T extends ZodType>(schema: T) {
  return { body: { content: { 'application/x-www-form-urlencoded': { schema } }, required: true } } as const;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelopeSchema } },
});

export function okResponse<T extends ZodType>(data: T, description = 'OK') {
  return {
    200: {
      description,
      content: {
        'application/json': { schema: z.object({ success: z.boolean(), msg: z.string(), data }) },
      },
    },
    400: errorResponse('Invalid input'),
    401: errorResponse('Not signed in, or session expired (code 700)'),
    403: errorResponse('Missing permission or another hospital'),
  } as const;
}
