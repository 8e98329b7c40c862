import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, AUDIT_SORTS } from '@shared/schemas/audit';
import type { ListParams, ListSpec } from '@web/components/list-page/fields';

/** The audit trail's filters (the `filters` keys of GET /audit/list). */
export interface AuditFilters {
  username: string;
  action: string;
  target: string;
  startDate: string;
  endDate: string;
}
export type AuditParams = ListParams<AuditFilters>;

export const EMPTY_AUDIT: AuditFilters = { username: '', action: '', target: '', startDate: '', endDate: '' };

/** An action's label key: the code with `.` and `:` as `_` (i18next reads dots as nesting). */
export const actionKey = (action: string) => `actions.${action.replace(/[.:]/g, '_')}`;

/** The action in the user's language; an action this screen does not know yet shows as its code. */
export function actionLabel(t: TFunction<'audit'>, action: string): string {
  return t(actionKey(action) as 'actions.login', { defaultValue: action });
}

export function auditSpec(t: TFunction<'audit'>): ListSpec<AuditFilters> {
  return {
    empty: EMPTY_AUDIT,
    defaultSort: { column: 'time', order: 'desc' },
    sortColumns: AUDIT_SORTS,
    fields: [
      { kind: 'text', name: 'username', label: t('filters.username'), testId: 'username', maxLength: 64 },
      {
        kind: 'select',
        name: 'action',
        label: t('filters.action'),
        testId: 'action',
        options: AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) })),
      },
      { kind: 'text', name: 'target', label: t('filters.target'), testId: 'target', maxLength: 64, more: true },
      { kind: 'dateRange', from: 'startDate', to: 'endDate', label: t('filters.time'), testId: 'dates' },
    ],
  };
}
