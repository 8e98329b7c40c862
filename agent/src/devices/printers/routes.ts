import { Hono } from 'hono';
import { PrintRawRequestSchema, PrintRequestSchema } from '@shared/agent/api';
import { AGENT_PRINT_BODY_MAX } from '@shared/agent/constants';
import { AgentError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { json } from '../../lib/validate';
import type { OriginPolicy } from '../../security/origin-policy';
import type { PrinterService } from './printer-service';

const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

/** Fetches a PDF from an allowed web origin only (never an arbitrary URL: the agent is no open proxy). */
async function fetchPdf(url: string, policy: OriginPolicy): Promise<Buffer> {
  if (!policy.urlAllowed(url)) throw new AgentError('ORIGIN_NOT_ALLOWED', 403);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(30_000) });
  } catch {
    throw new AgentError('PRINT_FAILED', 502, null, url);
  }
  if (!res.ok) throw new AgentError('PRINT_FAILED', 502, null, `${url} ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > AGENT_PRINT_BODY_MAX) throw new AgentError('TOO_LARGE', 413);
  return body;
}

export interface PrinterDefaults {
  report: string;
  label: string;
}

export function printerRoutes(service: PrinterService, defaults: PrinterDefaults, policy: OriginPolicy) {
  return new Hono()
    .get('/printers', async (c) => ok(c, await service.list()))
    .post('/print', json(PrintRequestSchema), async (c) => {
      const { pdf, url, printer, copies } = c.req.valid('json');
      const bytes = pdf !== undefined ? Buffer.from(pdf, 'base64') : await fetchPdf(url ?? '', policy);
      if (!isPdf(bytes)) throw new AgentError('VALIDATION', 400, [{ field: pdf ? 'pdf' : 'url', msg: 'not a PDF' }]);
      return ok(c, await service.printPdf(bytes, printer ?? (defaults.report || undefined), copies));
    })
    .post('/print/raw', json(PrintRawRequestSchema), async (c) => {
      const { data, encoding, printer } = c.req.valid('json');
      return ok(c, await service.printRaw(Buffer.from(data, encoding), printer ?? (defaults.label || undefined)));
    });
}
