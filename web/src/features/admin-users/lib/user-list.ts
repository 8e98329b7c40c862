import type { TFunction } from 'i18next';
import type { RoleRow } from '@shared/schemas/admin-role';
import { USER_SORTS } from '@shared/schemas/admin-user';
import type { Field, ListSpec } from '@web/components/list-page/fields';

/** The users list's filters (the `filters` keys of POST /user/findByPage). */
export interface UserFilters {
  keyword: string;
  sn: string;
  role_pk: string;
  status: string;
  /** Self-registrations: '1' waiting for the mail link, '2' waiting for a hospital and role. */
  reg_state: string;
}

export const EMPTY_USER_FILTERS: UserFilters = { keyword: '', sn: '', role_pk: '', status: '', reg_state: '' };

/** Filters: keyword (username or name), role, status, and the hospital for the super administrator. */
export function userSpec(t: TFunction<'adminUser'>, roles: readonly RoleRow[], pickHospital: boolean, en: boolean) {
  const fields: Field<UserFilters>[] = [
    { kind: 'text', name: 'keyword', label: t('filters.keyword'), testId: 'keyword', maxLength: 64 },
    {
      kind: 'select',
      name: 'role_pk',
      label: t('fields.role'),
      testId: 'role',
      options: roles.map((r) => ({ value: String(r.pk), label: roleName(r, en) })),
    },
    {
      kind: 'select',
      name: 'status',
      label: t('fields.status'),
      testId: 'status',
      options: [
        { value: '1', label: t('status.active') },
        { value: '0', label: t('status.locked') },
      ],
    },
  ];
  if (pickHospital) {
    // Registrations belong to no hospital yet: only the super administrator sees (and assigns) them.
    fields.push({
      kind: 'select',
      name: 'reg_state',
      label: t('filters.registration'),
      testId: 'reg-state',
      options: [
        { value: '2', label: t('status.regAwaiting') },
        { value: '1', label: t('status.regPendingMail') },
      ],
    });
    fields.push({ kind: 'hospital', name: 'sn', label: t('fields.hospital'), testId: 'hospital' });
  }
  const spec: ListSpec<UserFilters> = {
    empty: EMPTY_USER_FILTERS,
    defaultSort: { column: 'create_time', order: 'desc' },
    sortColumns: USER_SORTS,
    fields,
  };
  return spec;
}

export const roleName = (r: Pick<RoleRow, 'name' | 'name_en'>, en: boolean) => (en && r.name_en) || r.name;
