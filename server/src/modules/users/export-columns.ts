import type { Locale } from '@shared/constants';
import type { AdminUserRow } from '@shared/schemas/admin-user';
import type { XlsxColumn } from '../../platform/list/xlsx-export';

type Words = Record<Locale, string>;
const w = (zh: string, en: string): Words => ({ 'zh-CN': zh, 'en-US': en });

const GENDER: Record<string, Words> = { M: w('男', 'Male'), F: w('女', 'Female') };
const STATUS: Record<number, Words> = { 1: w('启用', 'Active'), 0: w('已锁定', 'Locked') };

const text = (header: Words, key: keyof AdminUserRow, width?: number): XlsxColumn<AdminUserRow> => ({
  header,
  ...(width ? { width } : {}),
  value: (r) => {
    const v = r[key];
    return typeof v === 'string' || typeof v === 'number' ? v : null;
  },
});

/** The users export: what the list shows, headers and fixed values in the caller's language. */
export const USER_EXPORT_COLUMNS: XlsxColumn<AdminUserRow>[] = [
  text(w('用户名', 'Username'), 'username', 16),
  text(w('姓名', 'Name'), 'ch_name', 14),
  text(w('英文名', 'English name'), 'en_name', 16),
  { header: w('性别', 'Gender'), width: 8, value: (r, l) => GENDER[r.gender]?.[l] ?? r.gender },
  text(w('电话', 'Phone'), 'phone', 14),
  text(w('邮箱', 'Email'), 'email', 22),
  text(w('科室', 'Department'), 'department', 14),
  text(w('医院', 'Hospital'), 'hospital_name', 20),
  { header: w('角色', 'Role'), width: 16, value: (r, l) => (l === 'en-US' ? r.role_name_en : r.role_name) },
  { header: w('状态', 'Status'), width: 10, value: (r, l) => STATUS[r.status]?.[l] ?? String(r.status) },
  text(w('创建时间', 'Created'), 'create_time', 20),
];
