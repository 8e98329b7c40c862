import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@web/components/list-page/use-list-params';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { worklistSpec } from '../lib/worklist-list';

/**
 * Filters, page and sort live in the URL. The last search is remembered for the session (cleared at
 * sign-in): opening the worklist without a query brings it back.
 */
export function useWorklistSearch() {
  const { t } = useTranslation('study');
  const spec = useMemo(() => worklistSpec(t), [t]);
  return { spec, ...useListParams(spec, { remember: STORAGE_KEYS.worklistSearch }) };
}
