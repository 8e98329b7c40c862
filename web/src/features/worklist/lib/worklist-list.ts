import type { TFunction } from 'i18next';
import { DEFAULT_SORT } from '@shared/constants';
import { ORDER_SORTS, type OrderListRequest, type OrderSort } from '@shared/schemas/order';
import type { ListParams, ListSpec, Sort, SortOrder } from '@web/components/list-page/fields';
import { setFilters } from '@web/components/list-page/list-url';
import type { Modality } from '@web/lib/url-params';

/** The worklist's filters (the OrderList body's filter fields). */
export interface WorklistFilters {
  patient_name: string;
  patient_id: string;
  accession_no: string;
  sn: string;
  modalitys: Modality[];
  rpt_status: number[];
  /** '1': only studies with a critical result. */
  is_critical: '' | '1';
  /** '1': only urgent studies. */
  priority: '' | '1';
  startDate: string;
  endDate: string;
}
export type WorklistParams = ListParams<WorklistFilters>;

const SORT_KEYS = {
  'create_time desc': 'sorts.create_time_desc',
  'create_time asc': 'sorts.create_time_asc',
  'study_datetime desc': 'sorts.study_datetime_desc',
  'study_datetime asc': 'sorts.study_datetime_asc',
  'report_datetime desc': 'sorts.report_datetime_desc',
  'report_datetime asc': 'sorts.report_datetime_asc',
  'patient_name asc': 'sorts.patient_name_asc',
  'patient_name desc': 'sorts.patient_name_desc',
  'priority desc': 'sorts.priority_desc',
  'priority asc': 'sorts.priority_asc',
} as const satisfies Record<OrderSort, string>;

const sortOf = (s: string): Sort => {
  const [column = '', order] = s.split(' ');
  return { column, order: order as SortOrder };
};

export const EMPTY_WORKLIST: WorklistFilters = {
  patient_name: '',
  patient_id: '',
  accession_no: '',
  sn: '',
  modalitys: [],
  rpt_status: [],
  is_critical: '',
  priority: '',
  startDate: '',
  endDate: '',
};

/** Spec section 7 filters of the image list; on phones only the first two show until "more". */
export function worklistSpec(t: TFunction<'study'>): ListSpec<WorklistFilters> {
  return {
    empty: EMPTY_WORKLIST,
    defaultSort: sortOf(DEFAULT_SORT),
    sortColumns: [...new Set(ORDER_SORTS.map((s) => sortOf(s).column))],
    fields: [
      { kind: 'text', name: 'patient_name', label: t('fields.patient_name'), testId: 'patient-name' },
      { kind: 'text', name: 'patient_id', label: t('fields.patient_id'), testId: 'patient-id' },
      { kind: 'text', name: 'accession_no', label: t('fields.accession_no'), testId: 'accession-no', more: true },
      { kind: 'hospital', name: 'sn', label: t('filters.hospital'), testId: 'hospital', more: true },
      { kind: 'modalities', name: 'modalitys', label: t('fields.modality'), testId: 'modalities', more: true },
      { kind: 'rptStatus', name: 'rpt_status', label: t('fields.rpt_status'), testId: 'status', more: true },
      {
        kind: 'select',
        name: 'is_critical',
        label: t('filters.critical'),
        testId: 'critical',
        more: true,
        options: [{ value: '1', label: t('filters.criticalOnly') }],
      },
      {
        kind: 'select',
        name: 'priority',
        label: t('filters.priority'),
        testId: 'priority',
        more: true,
        options: [{ value: '1', label: t('filters.urgentOnly') }],
      },
      {
        kind: 'dateRange',
        from: 'startDate',
        to: 'endDate',
        label: t('filters.studyDate'),
        testId: 'dates',
        more: true,
      },
      {
        kind: 'sort',
        label: t('filters.sort'),
        testId: 'sort',
        more: true,
        options: ORDER_SORTS.map((s) => ({ value: sortOf(s), label: t(SORT_KEYS[s]) })),
      },
    ],
  };
}

/** The OrderList (and export) body: empty filters are left out; the sort is one of ORDER_SORTS. */
export function orderListBody(p: WorklistParams): OrderListRequest {
  const sort = `${p.column} ${p.order}`;
  return {
    pageNumber: p.pageNumber,
    pageSize: p.pageSize,
    sort: (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : DEFAULT_SORT,
    ...setFilters(p.filters),
  };
}
