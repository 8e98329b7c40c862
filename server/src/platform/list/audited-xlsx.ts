import dayjs from 'dayjs';
import type { Context } from 'hono';
import type { Locale } from '@shared/constants';
import type { AppEnv } from '../context';
import type { AuthUser } from '../core/auth-user';
import type { Db } from '../db/client';
import { clientMeta } from '../http/client-meta';
import { xlsxResponse, type ExportSource, type XlsxColumn } from './xlsx-export';

/** How an export is written to the audit log (modules/audit's auditExport; lib may not import modules). */
export type ExportAudit = (
  db: Db,
  who: AuthUser,
  e: { list: string; filters: unknown; rows: number; ip?: string },
) => Promise<void>;

export interface AuditedXlsx<T> {
  /** The audit log's name of the list ('user', 'worklist', ...). */
  list: string;
  filters: unknown;
  /** The file name per language before the date: { 'zh-CN': '用户', 'en-US': 'users' } gives users-20260101.xlsx. */
  fileName: Record<Locale, string>;
  columns: XlsxColumn<T>[];
  source: ExportSource<T>;
  audit: ExportAudit;
}

/** An .xlsx download named `<name>-YYYYMMDD`, audited (list, filters, rows, ip) once the row count is accepted. */
export function auditedXlsx<T>(c: Context<AppEnv>, x: AuditedXlsx<T>): Promise<Response> {
  const { db } = c.var.deps;
  const me = c.var.user;
  const day = dayjs().format('YYYYMMDD');
  return xlsxResponse(c, {
    fileName: { 'zh-CN': `${x.fileName['zh-CN']}-${day}`, 'en-US': `${x.fileName['en-US']}-${day}` },
    columns: x.columns,
    source: x.source,
    onStart: (rows) => x.audit(db, me, { list: x.list, filters: x.filters, rows, ip: clientMeta(c).ip }),
  });
}
