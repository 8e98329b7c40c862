import { Card, Empty, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalCountRow, StatsRange } from '@shared/schemas/statistics';
import { exportStats, useHospitalCount } from '../api/statistics-api';
import { DATE_FORMAT, presetRange } from '../lib/date-presets';
import { workCountColumns } from '../lib/work-count-columns';
import { DateRangeField } from './date-range-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

const rangeParams = (r: [Dayjs, Dayjs]): StatsRange => ({
  startTime: r[0].format(DATE_FORMAT),
  endTime: r[1].format(DATE_FORMAT),
});

/** /doctorCount: reports and body parts per hospital (first diagnosis / audit by modality), with a total. */
export function HospitalCountPage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [params, setParams] = useState<StatsRange>(() => rangeParams(presetRange('month')));
  const query = useHospitalCount(params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const hospitals = rows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && hospitals.length === 0, query.dataUpdatedAt);
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      await exportStats({ type: 'doctorCount', ...rangeParams(range) }, `${t('hospital.title')}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  const run = () => {
    const next = rangeParams(range);
    if (JSON.stringify(next) === JSON.stringify(params)) void query.refetch();
    else setParams(next);
  };
  return (
    <Card title={t('hospital.title')} data-testid="hospital-count-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <DateRangeField value={range} onChange={setRange} />
        <StatsButtons
          onQuery={run}
          onReset={() => {
            setRange(presetRange('month'));
            setParams(rangeParams(presetRange('month')));
          }}
          onExport={() => void download()}
          loading={query.isFetching}
          exporting={exporting}
        />
      </Space>
      <StatsTable<HospitalCountRow>
        data-testid="hospital-count-table"
        columns={workCountColumns<HospitalCountRow>(t, { title: t('columns.hospitalName'), key: 'hospital_name' })}
        dataSource={hospitals.length ? rows : []}
        isTotal={(r) => r.total}
        rowKey={(r) => (r.total ? '\u0000total' : r.sn)}
        loading={query.isFetching}
        scroll={{ x: 1000, y: 500 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
