import type { TFunction } from 'i18next';
import { MODALITIES } from '@shared/constants';
import { SCAN_ITEM_SORTS } from '@shared/schemas/scan-item';
import type { Field, ListParams, ListSpec } from '@web/components/list-page/fields';

/** The filters of GET /scanp/list. */
export interface ScanpFilters {
  keyword: string;
  modality: string;
  sn: string;
}
export type ScanpParams = ListParams<ScanpFilters>;

export const EMPTY_SCANP: ScanpFilters = { keyword: '', modality: '', sn: '' };

/** The hospital filter only for the super administrator (anyone else sees their own hospital's items). */
export function scanpSpec(t: TFunction<'adminConfig'>, isSuper: boolean): ListSpec<ScanpFilters> {
  const fields: Field<ScanpFilters>[] = [
    { kind: 'text', name: 'keyword', label: t('scanp.keyword'), testId: 'keyword' },
    {
      kind: 'select',
      name: 'modality',
      label: t('scanp.modality'),
      testId: 'modality',
      options: MODALITIES.map((m) => ({ value: m, label: m })),
    },
  ];
  if (isSuper) fields.push({ kind: 'hospital', name: 'sn', label: t('scanp.hospital'), testId: 'hospital' });
  return {
    empty: EMPTY_SCANP,
    defaultSort: { column: 'modality', order: 'asc' },
    sortColumns: SCAN_ITEM_SORTS,
    fields,
  };
}

/** Spec section 5: a positive amount with at most 2 decimals. */
export const isMoney = (v: unknown) =>
  typeof v === 'number' && v > 0 && Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
export const isPositiveWhole = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
