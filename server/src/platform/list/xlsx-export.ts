import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../context';
import { AppError } from '../core/errors';
import { localeOf } from '../core/i18n';
import { loggableError } from '../core/log-error';
import { attachment, XLSX_TYPE } from './content-disposition';

export const EXPORT_MAX_ROWS = 100_000;
export const EXPORT_BATCH = 1000;

export interface ExportSource<T> {
  count(): Promise<number>;
  batch(limit: number, offset: number): Promise<T[]>;
}

export type CellValue = string | number | null;

export interface XlsxColumn<T> {
  header: Record<Locale, string>;
  width?: number;
  value(row: T, locale: Locale): CellValue;
}

export interface XlsxExport<T> {
  /** File name without extension, per language; the en-US one is the ASCII fallback. */
  fileName: Record<Locale, string>;
  columns: XlsxColumn<T>[];
  source: ExportSource<T>;
  /** Runs once the row count is known and within the limit, before anything is streamed (the audit). */
  onStart?(rows: number): Promise<void>;
  maxRows?: number;
  batchSize?: number;
}

/**
 * Answers an .xlsx download streamed from the database. The count comes first: over the limit is a 400
 * envelope, never a half-written file. A failure while streaming can only cut the download short.
 */
export async function xlsxResponse<T>(c: Context<AppEnv>, x: XlsxExport<T>): Promise<Response> {
  const max = x.maxRows ?? EXPORT_MAX_ROWS;
  const total = await x.source.count();
  if (total > max) throw new AppError(400, 'VALIDATION', 'exportTooMany', { rows: total, max });
  await x.onStart?.(total);

  const locale = localeOf(c.req.header('accept-language'));
  const out = new PassThrough();
  const log = c.var.deps.log;
  writeWorkbook(out, x, locale, Math.min(total, max)).catch((err: unknown) => {
    log.error({ reqId: c.var.requestId, err: loggableError(err) }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': attachment(x.fileName[locale], x.fileName['en-US']),
      'cache-control': 'no-store',
    },
  });
}

async function writeWorkbook<T>(out: PassThrough, x: XlsxExport<T>, locale: Locale, limit: number) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = wb.addWorksheet(x.fileName[locale].slice(0, 31));
  sheet.columns = x.columns.map((col, i) => ({ key: String(i), header: col.header[locale], width: col.width ?? 16 }));
  const size = x.batchSize ?? EXPORT_BATCH;
  for (let offset = 0; offset < limit && !out.destroyed; offset += size) {
    const rows = await x.source.batch(Math.min(size, limit - offset), offset);
    for (const row of rows) sheet.addRow(x.columns.map((col) => col.value(row, locale))).commit();
    if (rows.length < size) break;
    await drained(out);
  }
  if (out.destroyed) return;
  sheet.commit();
  await wb.commit();
}

/** Waits while the reader is behind, so memory stays at about one batch; a closed reader ends the wait. */
async function drained(out: PassThrough) {
  if (!out.writableNeedDrain || out.destroyed) return;
  const ac = new AbortController();
  await Promise.race([once(out, 'drain', { signal: ac.signal }), once(out, 'close', { signal: ac.signal })]).finally(
    () => ac.abort(),
  );
}
