import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../../platform/context';
import { localeOf } from '../../platform/core/i18n';
import { attachment, XLSX_TYPE } from '../../platform/list/content-disposition';
import { loggableError } from '../../platform/core/log-error';

export type Texts = Record<Locale, string>;
export interface TableColumn<T> {
  header: Texts;
  value(row: T, locale: Locale): string | number;
}
/**
 * A header group: its title merged over its columns (or over its sub-groups, which adds a header row); a
 * group without a title is its columns, each merged down over every header row.
 */
export interface TableGroup<T> {
  title?: Texts;
  columns: TableColumn<T>[];
  /** Titled sub-groups under this group's title (used instead of columns). */
  groups?: TableGroup<T>[];
}
export interface StatsTable<T> {
  fileName: Texts;
  groups: TableGroup<T>[];
  rows: T[];
}

/**
 * The table as an .xlsx: one header row per level of column groups (each group's title merged over its
 * columns, a lone column merged down over every header row), one when there are none; then the rows as given.
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

interface HeaderCell {
  row: number;
  from: number;
  to: number;
  text: string;
}

const leavesOf = <T>(g: TableGroup<T>): TableColumn<T>[] => (g.groups ? g.groups.flatMap(leavesOf) : g.columns);
const depthOf = <T>(g: TableGroup<T>): number =>
  g.title ? 1 + (g.groups ? Math.max(...g.groups.map(depthOf)) : 1) : 1;

/** The header cells, each with the columns it spans (1-based), level by level. */
function headerCells<T>(groups: TableGroup<T>[], locale: Locale): HeaderCell[] {
  const cells: HeaderCell[] = [];
  const place = (g: TableGroup<T>, row: number, from: number): number => {
    if (!g.title) {
      g.columns.forEach((col, i) => cells.push({ row, from: from + i, to: from + i, text: col.header[locale] }));
      return from + g.columns.length;
    }
    const width = leavesOf(g).length;
    cells.push({ row, from, to: from + width - 1, text: g.title[locale] });
    if (g.groups) {
      let at = from;
      for (const sub of g.groups) at = place(sub, row + 1, at);
    } else {
      g.columns.forEach((col, i) =>
        cells.push({ row: row + 1, from: from + i, to: from + i, text: col.header[locale] }),
      );
    }
    return from + width;
  };
  let at = 1;
  for (const g of groups) at = place(g, 1, at);
  return cells;
}

async function writeTable<T>(out: PassThrough, table: StatsTable<T>, locale: Locale) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = wb.addWorksheet(table.fileName[locale].slice(0, 31));
  const columns = table.groups.flatMap(leavesOf);
  sheet.columns = columns.map(() => ({ width: 12 }));
  const levels = Math.max(...table.groups.map(depthOf));
  const cells = headerCells(table.groups, locale);
  const values = Array.from({ length: levels }, () => columns.map(() => ''));
  for (const c of cells) values[c.row - 1]![c.from - 1] = c.text;
  const headers = values.map((v) => {
    const row = sheet.addRow(v);
    row.font = { bold: true };
    row.alignment = { horizontal: 'center', vertical: 'middle' };
    return row;
  });
  // Merged after the header rows exist: the streaming writer would otherwise start new rows below them.
  if (levels > 1) {
    for (const c of cells) {
      // A header with nothing under it (a column) is merged down to the last header row.
      const leaf = !cells.some((o) => o.row === c.row + 1 && o.from >= c.from && o.to <= c.to);
      const bottom = leaf ? levels : c.row;
      if (bottom > c.row || c.to > c.from) sheet.mergeCells(c.row, c.from, bottom, c.to);
    }
  }
  for (const row of headers) row.commit();
  for (const r of table.rows) sheet.addRow(columns.map((col) => col.value(r, locale))).commit();
  sheet.commit();
  await wb.commit();
}
