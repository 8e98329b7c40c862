import type { TFunction } from 'i18next';
import { CRITICAL_SORTS } from '@shared/schemas/critical';
import type { Field, ListParams, ListSpec } from '@web/components/list-page/fields';

/** The critical results list's filters (`filters` of POST /api/critical/list); the dates are when each was set. */
export interface CriticalFilters {
  sn: string;
  status: string;
  escalated: string;
  department: string;
  patient_name: string;
  startDate: string;
  endDate: string;
}
export type CriticalParams = ListParams<CriticalFilters>;

export const EMPTY_CRITICAL_FILTERS: CriticalFilters = {
  sn: '',
  status: '',
  escalated: '',
  department: '',
  patient_name: '',
  startDate: '',
  endDate: '',
};

/** Filters: hospital (super administrator only), state, escalated, department, patient, date set. */
export function criticalSpec(t: TFunction<['critical', 'study']>, isSuper: boolean): ListSpec<CriticalFilters> {
  const fields: Field<CriticalFilters>[] = [
    ...(isSuper
      ? [{ kind: 'hospital', name: 'sn', label: t('study:filters.hospital'), testId: 'hospital' } as const]
      : []),
    {
      kind: 'select',
      name: 'status',
      label: t('critical:fields.status'),
      testId: 'status',
      options: (['0', '1', '2'] as const).map((v) => ({ value: v, label: t(`critical:status.${v}`) })),
    },
    {
      kind: 'select',
      name: 'escalated',
      label: t('critical:fields.escalated'),
      testId: 'escalated',
      options: [
        { value: '1', label: t('critical:escalatedYes') },
        { value: '0', label: t('critical:escalatedNo') },
      ],
    },
    { kind: 'text', name: 'department', label: t('critical:fields.department'), testId: 'department', more: true },
    { kind: 'text', name: 'patient_name', label: t('study:fields.patient_name'), testId: 'patient-name', more: true },
    { kind: 'dateRange', from: 'startDate', to: 'endDate', label: t('critical:fields.setOn'), testId: 'dates' },
  ];
  return {
    empty: EMPTY_CRITICAL_FILTERS,
    defaultSort: { column: 'set_at', order: 'desc' },
    sortColumns: CRITICAL_SORTS,
    fields,
  };
}
