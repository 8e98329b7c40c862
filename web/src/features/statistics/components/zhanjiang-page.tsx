import { Card, Empty, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ZHANJIANG_TABS,
  type ZhanjiangRequest,
  type ZhanjiangRow,
  type ZhanjiangTab,
} from '@shared/schemas/statistics';
import { useStatsCall } from '../api/statistics-api';
import { useStatsExport } from '../hooks/use-stats-export';
import { useStatsFilters } from '../hooks/use-stats-filters';
import { zhanjiangColumns } from '../lib/zhanjiang-columns';
import { DateRangeField } from './date-range-field';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

/** /zhanjiang: body part, report and workload tabs, CT / DR / MR by stage and patient kind, with a total. */
export function ZhanjiangPage() {
  const { t } = useTranslation('statistics');
  const [tab, setTab] = useState<ZhanjiangTab>('part');
  const filters = useStatsFilters({ sn: undefined as string | undefined });
  const query = useStatsCall<ZhanjiangRow[], ZhanjiangRequest>('/orderCount/zhanJiangCount', {
    ...filters.params,
    tab,
  });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const named = rows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && named.length === 0, query.dataUpdatedAt);
  const { exporting, download } = useStatsExport();
  const columns = useMemo(() => zhanjiangColumns(t, tab), [t, tab]);
  return (
    <Card title={t('zhanjiang.title')} data-testid="zhanjiang-page">
      <Space wrap style={{ marginBottom: 8 }}>
        <HospitalField value={filters.extra.sn} onChange={(sn) => filters.setFilter('sn', sn)} />
        <DateRangeField value={filters.range} onChange={filters.setRange} />
        <StatsButtons
          onQuery={() => filters.run(query.refetch)}
          onReset={filters.reset}
          onExport={() =>
            void download(
              { type: 'zhanJiangCount', ...filters.current(), tab },
              `${t('zhanjiang.title')}-${t(`zhanjiang.tabs.${tab}`)}`,
            )
          }
          loading={query.isFetching}
          exporting={exporting}
        />
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ZhanjiangTab)}
        items={ZHANJIANG_TABS.map((k) => ({
          key: k,
          label: <span data-testid={`zhanjiang-tab-${k}`}>{t(`zhanjiang.tabs.${k}`)}</span>,
        }))}
      />
      <StatsTable<ZhanjiangRow>
        data-testid="zhanjiang-table"
        columns={columns}
        dataSource={named.length ? rows : []}
        isTotal={(r) => r.total}
        rowKey={(r) => (r.total ? '\u0000total' : r.name)}
        loading={query.isFetching}
        scroll={{ x: 160 + 18 * 92 + 80, y: 550 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
