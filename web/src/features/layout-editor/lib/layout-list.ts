import type { TFunction } from 'i18next';
import { MODALITIES } from '@shared/constants';
import type { ListSpec } from '@web/components/list-page/fields';

/** The filters of the layout list (answered whole by /layout/list, paged here). */
export interface LayoutFilters {
  hospital_code: string;
  modality: string;
}

type Options = { value: string; label: string }[];

/** Modality ('' = every modality) and, for the super administrator, the hospital ('' = the installation). */
export function layoutSpec(t: TFunction<'layoutEditor'>, hospitals: Options | null): ListSpec<LayoutFilters> {
  return {
    empty: { hospital_code: '', modality: '' },
    defaultSort: { column: 'pk', order: 'asc' },
    sortColumns: [],
    fields: [
      ...(hospitals
        ? [
            {
              kind: 'select' as const,
              name: 'hospital_code' as const,
              label: t('fields.hospital'),
              testId: 'hospital',
              options: [{ value: '-', label: t('installation') }, ...hospitals],
            },
          ]
        : []),
      {
        kind: 'select',
        name: 'modality',
        label: t('fields.modality'),
        testId: 'modality',
        options: [{ value: '-', label: t('allModalities') }, ...MODALITIES.map((m) => ({ value: m, label: m }))],
      },
    ],
  };
}

/** '-' in a filter stands for the empty value ('' is "no filter"). */
export const filterValue = (v: string) => (v === '' ? undefined : v === '-' ? '' : v);
