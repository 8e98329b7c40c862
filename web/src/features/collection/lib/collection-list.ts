import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { COLLECTION_SORTS } from '@shared/schemas/collection';
import type { ListParams, ListSpec } from '@web/components/list-page/fields';
import type { Modality } from '@web/lib/url-params';

/** The favourites' filters (the `filters` keys of GET /collection/list). */
export interface CollectionFilters {
  sn: string;
  patient_name: string;
  startDate: string;
  endDate: string;
  modalitys: Modality[];
  study_desc: string;
  report_content: string;
}
export type CollectionParams = ListParams<CollectionFilters>;

export const EMPTY_COLLECTION: CollectionFilters = {
  sn: '',
  patient_name: '',
  startDate: '',
  endDate: '',
  modalitys: [],
  study_desc: '',
  report_content: '',
};

/** Spec: a first visit (an empty URL) shows today's favourites: those starred today (docs/decisions.md). */
export const todayOnly = (): Partial<CollectionFilters> => {
  const today = dayjs().format('YYYY-MM-DD');
  return { startDate: today, endDate: today };
};

/** Favourites filters: hospital, patient name, date range, modalities, study description, report content. */
export function collectionSpec(t: TFunction<'study'>): ListSpec<CollectionFilters> {
  return {
    empty: EMPTY_COLLECTION,
    // create_time: when the favourite was added.
    defaultSort: { column: 'create_time', order: 'desc' },
    sortColumns: COLLECTION_SORTS,
    fields: [
      { kind: 'hospital', name: 'sn', label: t('filters.hospital'), testId: 'hospital' },
      { kind: 'text', name: 'patient_name', label: t('fields.patient_name'), testId: 'patient-name' },
      { kind: 'dateRange', from: 'startDate', to: 'endDate', label: t('filters.starredOn'), testId: 'dates' },
      { kind: 'modalities', name: 'modalitys', label: t('fields.modality'), testId: 'modalities', more: true },
      { kind: 'text', name: 'study_desc', label: t('filters.studyDesc'), testId: 'study-desc', more: true },
      {
        kind: 'text',
        name: 'report_content',
        label: t('filters.reportContent'),
        testId: 'report-content',
        more: true,
      },
    ],
  };
}
