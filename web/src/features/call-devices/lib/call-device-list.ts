import type { TFunction } from 'i18next';
import type { ListSpec } from '@web/components/list-page/fields';

/** The filters of POST /device/pageCallList. */
export interface CallDeviceFilters {
  keyword: string;
  status: string;
  hospital_code: string;
}

/** Keyword, on/off and, for the super administrator, the hospital. */
export function callDeviceSpec(
  t: TFunction<'callDevice'>,
  hospitals: { value: string; label: string }[] | null,
): ListSpec<CallDeviceFilters> {
  return {
    empty: { keyword: '', status: '', hospital_code: '' },
    defaultSort: { column: 'pk', order: 'asc' },
    sortColumns: [],
    fields: [
      { kind: 'text', name: 'keyword', label: t('keyword'), testId: 'keyword', maxLength: 64 },
      {
        kind: 'select',
        name: 'status',
        label: t('fields.status'),
        testId: 'status',
        options: [
          { value: '1', label: t('on') },
          { value: '0', label: t('off') },
        ],
      },
      ...(hospitals
        ? [
            {
              kind: 'select' as const,
              name: 'hospital_code' as const,
              label: t('fields.hospital'),
              testId: 'hospital',
              options: hospitals,
            },
          ]
        : []),
    ],
  };
}

/** The screen's address for a device: the key rides along once; the screen keeps it and drops it from the address. */
export function screenUrl(origin: string, base: string, pk: number, key?: string): string {
  const q = new URLSearchParams({ pk: String(pk), ...(key ? { key } : {}) });
  return `${origin}${base}#/screen?${q}`;
}
