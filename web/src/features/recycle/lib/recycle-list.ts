import type { TFunction } from 'i18next';
import { MODALITIES } from '@shared/constants';
import { RECYCLE_SORTS } from '@shared/schemas/recycle';
import type { Field, ListParams, ListSpec } from '@web/components/list-page/fields';

/** The recycle bin's filters (the `filters` keys of POST /api/order/queryDelList); the dates are the deletion's. */
export interface RecycleFilters {
  sn: string;
  patient_id: string;
  patient_name: string;
  accession_no: string;
  modality: string;
  startDate: string;
  endDate: string;
}
export type RecycleParams = ListParams<RecycleFilters>;

export const EMPTY_RECYCLE_FILTERS: RecycleFilters = {
  sn: '',
  patient_id: '',
  patient_name: '',
  accession_no: '',
  modality: '',
  startDate: '',
  endDate: '',
};

/** Filters: hospital (super administrator only), patient ID and name, accession, modality, deletion date. */
export function recycleSpec(t: TFunction<['recycle', 'study']>, isSuper: boolean): ListSpec<RecycleFilters> {
  const fields: Field<RecycleFilters>[] = [
    ...(isSuper
      ? [{ kind: 'hospital', name: 'sn', label: t('study:filters.hospital'), testId: 'hospital' } as const]
      : []),
    { kind: 'text', name: 'patient_id', label: t('study:fields.patient_id'), testId: 'patient-id' },
    { kind: 'text', name: 'patient_name', label: t('study:fields.patient_name'), testId: 'patient-name' },
    { kind: 'text', name: 'accession_no', label: t('study:fields.accession_no'), testId: 'accession', more: true },
    {
      kind: 'select',
      name: 'modality',
      label: t('recycle:filters.modality'),
      testId: 'modality',
      options: MODALITIES.map((m) => ({ value: m, label: m })),
      more: true,
    },
    { kind: 'dateRange', from: 'startDate', to: 'endDate', label: t('recycle:filters.deletedOn'), testId: 'dates' },
  ];
  return {
    empty: EMPTY_RECYCLE_FILTERS,
    defaultSort: { column: 'deleted_at', order: 'desc' },
    sortColumns: RECYCLE_SORTS,
    fields,
  };
}
