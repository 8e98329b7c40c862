import { Card, Table } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import type { StudyRow } from '@shared/schemas/order';
import { studyColumns } from '@web/components/study-columns';
import { usePermission } from '@web/lib/user-info';
import { useOrderList } from '../api/order-list';
import { useWorklistSearch } from '../hooks/use-worklist-search';
import { HistoryDialog } from './history-dialog';
import { RowActions } from './row-actions';
import { WorklistFilters } from './worklist-filters';

/** The image list (landing page): filters in the URL, a paged table, row actions. */
export function WorklistPage() {
  const { t } = useTranslation('study');
  const { params, raw, update, reset } = useWorklistSearch();
  const { data, isFetching, refetch } = useOrderList(params);
  // Search with unchanged filters runs the query again.
  const search = (p: typeof params) => {
    if (!update(p)) void refetch();
  };
  const [historyOf, setHistoryOf] = useState<StudyRow | null>(null);
  const canHistory = usePermission(PERMISSIONS.ORDER_HISTORY);
  const canFavourite = usePermission(PERMISSIONS.USER);

  const columns = useMemo(
    () => [
      ...studyColumns(t),
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right' as const,
        width: 150,
        render: (_: unknown, r: StudyRow) => (
          <RowActions study={r} canHistory={canHistory} canFavourite={canFavourite} onHistory={setHistoryOf} />
        ),
      },
    ],
    [t, canHistory, canFavourite],
  );

  return (
    <Card data-testid="worklist-page">
      <WorklistFilters params={params} onSearch={search} onReset={reset} loading={isFetching} />
      <div
        data-testid="wl-result"
        data-query={raw}
        data-fetching={String(isFetching)}
        data-total={data?.totalRow ?? ''}
      >
        <Table<StudyRow>
          rowKey="study_iuid"
          size="middle"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={{ x: 1950 }}
          onRow={(r) => ({ 'data-testid': 'wl-row', 'data-modality': r.modality }) as HTMLAttributes<HTMLElement>}
          pagination={{
            current: params.pageNumber,
            pageSize: params.pageSize,
            total: data?.totalRow ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showTotal: (total) => t('total', { total }),
            onChange: (pageNumber, pageSize) =>
              search({ ...params, pageNumber: pageSize === params.pageSize ? pageNumber : 1, pageSize }),
          }}
          data-testid="wl-table"
        />
      </div>
      <HistoryDialog study={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}
