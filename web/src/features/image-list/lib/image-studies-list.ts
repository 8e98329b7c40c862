import type { TFunction } from 'i18next';
import { IMAGE_STUDY_SORTS } from '@shared/schemas/images';
import type { Field, ListParams, ListSpec } from '@web/components/list-page/fields';

/** Image management's filters (the `filters` keys of GET /api/order/imageStudies). */
export interface ImageStudyFilters {
  sn: string;
  patient_id: string;
  patient_name: string;
  accession_no: string;
  startDate: string;
  endDate: string;
  has_deleted: string;
}
export type ImageStudyParams = ListParams<ImageStudyFilters>;

export const EMPTY_IMAGE_STUDY_FILTERS: ImageStudyFilters = {
  sn: '',
  patient_id: '',
  patient_name: '',
  accession_no: '',
  startDate: '',
  endDate: '',
  has_deleted: '',
};

/** Filters: hospital (super administrator only), patient ID and name, accession, study date, deleted images. */
export function imageStudiesSpec(t: TFunction<['imageList', 'study']>, isSuper: boolean): ListSpec<ImageStudyFilters> {
  const fields: Field<ImageStudyFilters>[] = [
    ...(isSuper
      ? [{ kind: 'hospital', name: 'sn', label: t('study:filters.hospital'), testId: 'hospital' } as const]
      : []),
    { kind: 'text', name: 'patient_id', label: t('study:fields.patient_id'), testId: 'patient-id' },
    { kind: 'text', name: 'patient_name', label: t('study:fields.patient_name'), testId: 'patient-name' },
    { kind: 'text', name: 'accession_no', label: t('study:fields.accession_no'), testId: 'accession', more: true },
    { kind: 'dateRange', from: 'startDate', to: 'endDate', label: t('study:filters.studyDate'), testId: 'dates' },
    {
      kind: 'select',
      name: 'has_deleted',
      label: t('imageList:filters.hasDeleted'),
      testId: 'has-deleted',
      options: [
        { value: '1', label: t('imageList:filters.withDeleted') },
        { value: '0', label: t('imageList:filters.noneDeleted') },
      ],
      more: true,
    },
  ];
  return {
    empty: EMPTY_IMAGE_STUDY_FILTERS,
    defaultSort: { column: 'study_datetime', order: 'desc' },
    sortColumns: IMAGE_STUDY_SORTS,
    fields,
  };
}
