import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyRow } from '@shared/schemas/order';
import { FavouriteButton } from '@web/components/favourite-button';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { studyColumns } from '@web/components/study-columns';
import { exportCollection, removeFavourites, useCollectionList } from '../api/collection-list';
import { collectionSpec, todayOnly, type CollectionFilters } from '../lib/collection-list';

/** The caller's favourite studies: the star removes one, the batch button the selected ones; export. */
export function CollectionPage() {
  const { t } = useTranslation('study');
  const spec = useMemo(() => collectionSpec(t), [t]);
  const state = useListParams(spec, { firstVisit: todayOnly });
  const query = useCollectionList(state.params);

  const columns = useMemo(
    (): ListColumn<StudyRow>[] => [
      ...studyColumns(t),
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right',
        width: 80,
        render: (_: unknown, r: StudyRow) => <FavouriteButton study={r} />,
      },
    ],
    [t],
  );

  return (
    <ListPage<StudyRow, CollectionFilters>
      testId="col"
      pageTestId="collection-page"
      route="/account/collection"
      spec={spec}
      state={state}
      query={query}
      columns={columns}
      rowKey="study_iuid"
      batchDelete={{
        label: t('favourite.removeSelected'),
        confirm: (count) => t('favourite.confirmRemove', { count }),
        done: (count) => t('favourite.removedCount', { count }),
        run: removeFavourites,
      }}
      onExport={() => exportCollection(state.params)}
    />
  );
}
