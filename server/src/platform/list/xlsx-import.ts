import ExcelJS from 'exceljs';
import type { Context } from 'hono';
import type { z, ZodType } from 'zod';
import type { Locale } from '@shared/constants';
import type { ImportDetail, ImportResult } from '@shared/schemas/list';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { issueText } from '../http/router';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/** A data row of the sheet: its row number in the file and its cells by field (empty cells left out). */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

const notXlsx = () => new AppError(400, 'VALIDATION', 'importNotXlsx');
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v !== 'object') return String(v).trim();
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in v) return String(v.text).trim();
  if ('result' in v) return v.result === undefined ? '' : cellText(v.result as ExcelJS.CellValue);
  return '';
}

/**
 * The first sheet of an uploaded .xlsx: row 1 is the header, matched (case-insensitively) against each
 * field's accepted names; unknown header columns are ignored. Not an xlsx: 400.
 */
export async function readXlsx(file: unknown, columns: Record<string, readonly string[]>): Promise<SheetRow[]> {
  if (!(file instanceof File) || !file.name.toLowerCase().endsWith('.xlsx')) throw notXlsx();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b)) throw notXlsx();
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  const sheet = wb.worksheets[0];
  if (!sheet) return [];
  const byHeader = new Map<string, string>();
  for (const [field, names] of Object.entries(columns)) {
    for (const n of names) byHeader.set(n.toLowerCase(), field);
  }
  const fieldAt = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const field = byHeader.get(cellText(cell.value).toLowerCase());
    if (field) fieldAt.set(col, field);
  });
  const rows: SheetRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, col) => {
      const field = fieldAt.get(col);
      const text = cellText(cell.value);
      if (field && text) values[field] = text;
    });
    if (!Object.keys(values).length) return;
    if (rows.length >= IMPORT_MAX_ROWS)
      throw new AppError(400, 'VALIDATION', 'importTooManyRows', { max: IMPORT_MAX_ROWS });
    rows.push({ row: n, values });
  });
  return rows;
}

/** Validates each row with the entity's schema; refused rows become details in the caller's language. */
export function validateRows<S extends ZodType>(schema: S, rows: SheetRow[], locale: Locale) {
  const valid: { row: number; data: z.output<S> }[] = [];
  const details: ImportDetail[] = [];
  for (const r of rows) {
    const parsed = schema.safeParse(r.values);
    if (parsed.success) valid.push({ row: r.row, data: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        details.push({ row: r.row, field: issue.path.join('.'), msg: issueText(locale, issue) });
      }
    }
  }
  return { valid, details };
}

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * All or nothing: code 200 with the counts when every row went in; 400 with each refused row's details
 * when any was refused (the caller wrote nothing) or the file had no rows.
 */
export function importAnswer(c: Context, counts: ImportCounts, details: ImportDetail[]) {
  const sorted = [...details].sort((a, b) => a.row - b.row);
  const failed = new Set(sorted.map((d) => d.row)).size;
  const imported = counts.inserted + counts.updated + counts.unchanged;
  if (failed || !imported) {
    const none: ImportResult = { imported: 0, inserted: 0, updated: 0, unchanged: 0, failed, details: sorted };
    const key = failed ? 'importRefused' : 'importNoValidRow';
    throw new AppError(400, 'VALIDATION', key, { failed }, undefined, none);
  }
  const data: ImportResult = { imported, ...counts, failed: 0, details: [] };
  return c.json({ success: true, code: 200, msg: t(c, 'importOk', { imported, ...counts }), data }, 200);
}
