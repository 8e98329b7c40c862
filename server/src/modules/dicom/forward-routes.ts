import { createRoute } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { PERMISSIONS } from '@shared/permissions';
import { ForwardRequestSchema, ForwardResultSchema, type ForwardLine } from '@shared/schemas/dicom-forward';
import { callerOf } from '../../platform/http/caller';
import { translate } from '../../platform/core/i18n';
import { loggableError } from '../../platform/core/log-error';
import { outboundPolicy } from '../../platform/core/outbound';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { prepareForward, runForward } from './forward-service';

/** POST /report/forwardFile: a study to a registered DICOM device by C-STORE. */
const streamed = stream as (...a: Parameters<typeof stream>) => never;

export function forwardRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/report/forwardFile',
      tags: ['images'],
      summary:
        "Send every image of a study (not deleted) to a registered, active device of the caller's hospital whose AE title, address and port all match (else 400/403 before any connection). success only when all were sent; data has each image's outcome. With Accept: application/x-ndjson the answer streams a line per image, then the result line",
      ...access(PERMISSIONS.FORWARD_RPT),
      request: jsonBody(ForwardRequestSchema),
      responses: okResponse(ForwardResultSchema),
    }),
    async (c) => {
      const who = callerOf(c);
      const job = await prepareForward(c.var.deps.db, who, c.req.valid('json'), outboundPolicy(c.var.deps.env));
      if (!(c.req.header('accept') ?? '').includes('application/x-ndjson')) {
        const answer = await runForward(c.var.deps, who, job, () => {});
        return c.json(answer, 200);
      }
      c.header('content-type', 'application/x-ndjson; charset=utf-8');
      // The streamed variant is outside the documented JSON response type.
      return streamed(c, async (out) => {
        const write = (line: ForwardLine) => out.write(`${JSON.stringify(line)}\n`);
        const total = job.images.length;
        try {
          const answer = await runForward(c.var.deps, who, job, (image, done) =>
            write({ type: 'image', done, total, ...image }).then(() => undefined),
          );
          await write({ type: 'result', ...answer });
        } catch (err) {
          c.var.deps.log.error({ err: loggableError(err) }, 'forward failed');
          const data = {
            device: { pk: job.device.pk, name: job.device.name, aet: job.device.aet },
            total,
            sent: 0,
            failed: 0,
            images: [],
          };
          await write({ type: 'result', success: false, msg: translate(who.locale, 'internal'), data });
        }
      });
    },
  );
  return app;
}
