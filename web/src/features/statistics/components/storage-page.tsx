import { Card, Empty, Segmented, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsRange, StorageRow } from '@shared/schemas/statistics';
import { exportStats, useStorage } from '../api/statistics-api';
import { barOption, pieOption } from '../lib/chart-options';
import { DATE_FORMAT, presetRange } from '../lib/date-presets';
import { chartUnit, inUnit } from '../lib/storage-units';
import { DateRangeField } from './date-range-field';
import { EChart } from './echart';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

type Kind = 'pie' | 'bar';

/** /fileCount: storage used per hospital in the range, as a pie or a bar chart and a table in MB and GB. */
export function StoragePage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [sn, setSn] = useState<string>();
  const [kind, setKind] = useState<Kind>('pie');
  const [params, setParams] = useState<StatsRange>(() => ({
    startTime: range[0].format(DATE_FORMAT),
    endTime: range[1].format(DATE_FORMAT),
  }));
  const query = useStorage(params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const hospitals = rows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && hospitals.length === 0, query.dataUpdatedAt);

  const option = useMemo(() => {
    const unit = chartUnit(hospitals.map((r) => r.file_size));
    const points = hospitals.map((r) => ({ name: r.hospital_name, value: inUnit(r.file_size, unit) }));
    return kind === 'pie' ? pieOption(points, unit) : barOption([{ name: t('storage.space'), points }], { unit });
  }, [hospitals, kind, t]);

  const [exporting, setExporting] = useState(false);
  const current = () => ({
    startTime: range[0].format(DATE_FORMAT),
    endTime: range[1].format(DATE_FORMAT),
    ...(sn ? { sn } : {}),
  });
  const download = async () => {
    setExporting(true);
    try {
      await exportStats({ type: 'fileUseCount', ...current() }, `${t('storage.title')}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  const run = () => {
    const next = current();
    if (JSON.stringify(next) === JSON.stringify(params)) void query.refetch();
    else setParams(next);
  };

  return (
    <Card title={t('storage.title')} data-testid="storage-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <HospitalField value={sn} onChange={setSn} />
        <DateRangeField value={range} onChange={setRange} />
        <StatsButtons
          onQuery={run}
          onReset={() => setRange(presetRange('month'))}
          onExport={() => void download()}
          loading={query.isFetching}
          exporting={exporting}
        />
        <Segmented<Kind>
          data-testid="storage-chart-kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'pie', label: t('storage.pie') },
            { value: 'bar', label: t('storage.bar') },
          ]}
        />
      </Space>
      {hospitals.length > 0 && <EChart option={option} height={320} testId="storage-chart" />}
      <StatsTable<StorageRow>
        data-testid="storage-table"
        columns={[
          {
            title: t('columns.hospital'),
            dataIndex: 'hospital_name',
            key: 'hospital_name',
            render: (v: string, r) => (r.total ? t('columns.totalRow') : v),
          },
          { title: t('columns.mb'), dataIndex: 'mb', key: 'mb', align: 'right', render: (v: number) => v.toFixed(2) },
          { title: t('columns.gb'), dataIndex: 'gb', key: 'gb', align: 'right', render: (v: number) => v.toFixed(2) },
        ]}
        dataSource={hospitals.length ? rows : []}
        isTotal={(r) => r.total}
        rowKey={(r) => (r.total ? '\u0000total' : r.sn)}
        loading={query.isFetching}
        scroll={{ y: 500 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
