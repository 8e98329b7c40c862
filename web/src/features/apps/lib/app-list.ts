import type { TFunction } from 'i18next';
import { APP_SORTS } from '@shared/schemas/apps';
import type { ListParams, ListSpec } from '@web/components/list-page/fields';

/** The app list's filters (the `filters` keys of GET /app/queryList). */
export interface AppFilters {
  app_name: string;
  create_time_begin: string;
  create_time_end: string;
}
export type AppParams = ListParams<AppFilters>;

export const EMPTY_APP_FILTERS: AppFilters = { app_name: '', create_time_begin: '', create_time_end: '' };

/** Search by app name and created-time range (spec: App management), newest first. */
export function appSpec(t: TFunction<'apps'>): ListSpec<AppFilters> {
  return {
    empty: EMPTY_APP_FILTERS,
    defaultSort: { column: 'create_time', order: 'desc' },
    sortColumns: APP_SORTS,
    fields: [
      { kind: 'text', name: 'app_name', label: t('fields.app_name'), testId: 'name', maxLength: 64 },
      {
        kind: 'dateRange',
        from: 'create_time_begin',
        to: 'create_time_end',
        label: t('fields.create_time'),
        testId: 'dates',
      },
    ],
  };
}
