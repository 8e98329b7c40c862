import dayjs from 'dayjs';
import type { Locale } from '@shared/constants';
import type { AuditRow } from '@shared/schemas/audit';
import type { XlsxColumn } from '../../platform/list/xlsx-export';

const w = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });
/** Excel refuses a cell over 32,767 characters. */
const CELL_MAX = 32_000;

/** The columns of the audit trail's export; the detail (before/after) as JSON text. */
export const AUDIT_EXPORT_COLUMNS: XlsxColumn<AuditRow>[] = [
  { header: w('时间', 'Time'), width: 20, value: (r) => dayjs(r.time).format('YYYY-MM-DD HH:mm:ss') },
  { header: w('用户', 'User'), value: (r) => r.username },
  { header: w('操作', 'Action'), width: 20, value: (r) => r.action },
  { header: w('对象', 'Target'), width: 24, value: (r) => r.target },
  {
    header: w('状态变化', 'Status change'),
    value: (r) => (r.from_status || r.to_status ? `${r.from_status ?? ''} → ${r.to_status ?? ''}` : ''),
  },
  { header: w('IP 地址', 'IP address'), value: (r) => r.ip },
  {
    header: w('详情', 'Detail'),
    width: 60,
    value: (r) => (r.detail ? JSON.stringify(r.detail).slice(0, CELL_MAX) : ''),
  },
];
