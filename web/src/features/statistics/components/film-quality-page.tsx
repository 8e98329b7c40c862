import { Card, Empty, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilmQualityRow } from '@shared/schemas/statistics';
import { useStatsCall } from '../api/statistics-api';
import { useStatsExport } from '../hooks/use-stats-export';
import { useStatsFilters } from '../hooks/use-stats-filters';
import { FILM_QUALITY_MODALITIES, filmQualityColumns } from '../lib/film-quality';
import { DateRangeField } from './date-range-field';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

/** /imgCount: film quality per hospital and modality (grades A/B/C/scrap and their rates), with a total. */
export function FilmQualityPage() {
  const { t } = useTranslation('statistics');
  const filters = useStatsFilters({ sn: undefined as string | undefined, modality: undefined as string | undefined });
  const query = useStatsCall<FilmQualityRow[]>('/orderCount/imgProportionCount', filters.params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const named = rows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && named.length === 0, query.dataUpdatedAt);
  const { exporting, download } = useStatsExport();
  const columns = useMemo(() => filmQualityColumns(t), [t]);
  return (
    <Card title={t('film.title')} data-testid="film-quality-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <HospitalField value={filters.extra.sn} onChange={(sn) => filters.setFilter('sn', sn)} />
        <DateRangeField value={filters.range} onChange={filters.setRange} />
        <Select
          data-testid="stats-modality"
          style={{ width: 160 }}
          allowClear
          placeholder={t('filters.allModalities')}
          value={filters.extra.modality}
          onChange={(m?: string) => filters.setFilter('modality', m)}
          options={FILM_QUALITY_MODALITIES.map((m) => ({ value: m, label: m }))}
        />
        <StatsButtons
          onQuery={() => filters.run(query.refetch)}
          onReset={filters.reset}
          onExport={() => void download({ type: 'imgProportionCount', ...filters.current() }, t('film.title'))}
          loading={query.isFetching}
          exporting={exporting}
        />
      </Space>
      <StatsTable<FilmQualityRow>
        data-testid="film-quality-table"
        columns={columns}
        dataSource={named.length ? rows : []}
        isTotal={(r) => r.total}
        rowKey={(r) => (r.total ? '\u0000total' : `${r.sn}\u0000${r.modality}`)}
        loading={query.isFetching}
        scroll={{ x: 1110, y: 500 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
