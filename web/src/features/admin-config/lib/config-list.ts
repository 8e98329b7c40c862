import type { TFunction } from 'i18next';
import { CONFIG_SORTS } from '@shared/schemas/admin-config';
import type { ListParams, ListSpec } from '@web/components/list-page/fields';

/** The filters of POST /config/list. */
export interface ConfigFilters {
  keyword: string;
  type: string;
  status: string;
}
export type ConfigParams = ListParams<ConfigFilters>;

export const EMPTY_CONFIG: ConfigFilters = { keyword: '', type: '', status: '' };

export function configSpec(t: TFunction<'adminConfig'>): ListSpec<ConfigFilters> {
  return {
    empty: EMPTY_CONFIG,
    defaultSort: { column: 'name', order: 'asc' },
    sortColumns: CONFIG_SORTS,
    fields: [
      { kind: 'text', name: 'keyword', label: t('config.keyword'), testId: 'keyword' },
      { kind: 'text', name: 'type', label: t('config.type'), testId: 'type', maxLength: 32 },
      {
        kind: 'select',
        name: 'status',
        label: t('config.status'),
        testId: 'status',
        options: [
          { value: '1', label: t('config.active') },
          { value: '0', label: t('config.disabled') },
        ],
      },
    ],
  };
}
