import { Card, Table } from 'antd';
import { useMemo, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import type { StudyRow } from '@shared/schemas/order';
import { FavouriteButton } from '@web/components/favourite-button';
import { studyColumns } from '@web/components/study-columns';
import { useCollectionList } from '../api/collection-list';
import { collectionSearch, parseCollection, type CollectionParams } from '../lib/collection-params';
import { CollectionFilters } from './collection-filters';

/** The caller's favourite studies, 20 a page; the star removes one. */
export function CollectionPage() {
  const { t } = useTranslation('study');
  const [search, setSearch] = useSearchParams();
  const raw = search.toString();
  const params = useMemo(() => parseCollection(new URLSearchParams(raw)), [raw]);
  const { data, isFetching, refetch } = useCollectionList(params);
  const update = (p: CollectionParams) => {
    const q = collectionSearch(p);
    if (q.toString() !== raw) setSearch(q);
    // Search with unchanged filters runs the query again.
    if (JSON.stringify(parseCollection(q)) === JSON.stringify(params)) void refetch();
  };

  const columns = useMemo(
    () => [
      ...studyColumns(t),
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right' as const,
        width: 80,
        render: (_: unknown, r: StudyRow) => <FavouriteButton study={r} />,
      },
    ],
    [t],
  );

  return (
    <Card data-testid="collection-page">
      <CollectionFilters
        params={params}
        onSearch={update}
        onReset={() => setSearch(new URLSearchParams(), { replace: true })}
        loading={isFetching}
      />
      <div
        data-testid="col-result"
        data-query={raw}
        data-fetching={String(isFetching)}
        data-total={data?.totalRow ?? ''}
      >
        <Table<StudyRow>
          rowKey="study_iuid"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={{ x: 1850 }}
          onRow={() => ({ 'data-testid': 'col-row' }) as HTMLAttributes<HTMLElement>}
          pagination={{
            current: params.pageNumber,
            pageSize: DEFAULT_PAGE_SIZE,
            total: data?.totalRow ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('total', { total }),
            onChange: (pageNumber) => update({ ...params, pageNumber }),
          }}
        />
      </div>
    </Card>
  );
}
