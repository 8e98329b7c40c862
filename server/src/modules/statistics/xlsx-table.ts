import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../../context';
import { localeOf } from '../../lib/i18n';
import { attachment, XLSX_TYPE } from '../../lib/list/content-disposition';
import { loggableError } from '../../lib/log-error';

export type Texts = Record<Locale, string>;
export interface TableColumn<T> {
  header: Texts;
  value(row: T, locale: Locale): string | number;
}
/** A header group: its title merged over its columns; a group without a title is one column over both rows. */
export interface TableGroup<T> {
  title?: Texts;
  columns: TableColumn<T>[];
}
export interface StatsTable<T> {
  fileName: Texts;
  groups: TableGroup<T>[];
  rows: T[];
}

/**
 * The table as an .xlsx: two header rows when there are column groups (each group's title merged over its
 * columns, a lone column merged over both rows), else one; then the rows as given.
 */
export function statsXlsxResponse<T>(c: Context<AppEnv>, table: StatsTable<T>): Response {
  const locale = localeOf(c.req.header('accept-language'));
  const out = new PassThrough();
  writeTable(out, table, locale).catch((err: unknown) => {
    c.var.deps.log.error({ reqId: c.var.requestId, err: loggableError(err) }, 'statistics export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': XLSX_TYPE,
      'content-disposition': attachment(table.fileName[locale], table.fileName['en-US']),
      'cache-control': 'no-store',
    },
  });
}

async function writeTable<T>(out: PassThrough, table: StatsTable<T>, locale: Locale) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = wb.addWorksheet(table.fileName[locale].slice(0, 31));
  const columns = table.groups.flatMap((g) => g.columns);
  sheet.columns = columns.map(() => ({ width: 12 }));
  const top: string[] = [];
  const second: string[] = [];
  const merges: [number, number, number, number][] = [];
  for (const g of table.groups) {
    const from = top.length + 1;
    for (const col of g.columns) {
      top.push(g.title ? g.title[locale] : col.header[locale]);
      second.push(g.title ? col.header[locale] : '');
    }
    if (g.title && g.columns.length > 1) merges.push([1, from, 1, top.length]);
    if (!g.title) for (let i = from; i <= top.length; i++) merges.push([1, i, 2, i]);
  }
  const twoRows = table.groups.some((g) => g.title);
  const headers = (twoRows ? [top, second] : [top]).map((values) => {
    const row = sheet.addRow(values);
    row.font = { bold: true };
    row.alignment = { horizontal: 'center', vertical: 'middle' };
    return row;
  });
  // Merged after the header rows exist: the streaming writer would otherwise start new rows below them.
  if (twoRows) for (const m of merges) sheet.mergeCells(...m);
  for (const row of headers) row.commit();
  for (const r of table.rows) sheet.addRow(columns.map((col) => col.value(r, locale))).commit();
  sheet.commit();
  await wb.commit();
}
