import { Card, Empty, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserWorkCountRequest, WorkCountRow } from '@shared/schemas/statistics';
import { exportStats, useWorkCount } from '../api/statistics-api';
import { DATE_FORMAT, presetRange } from '../lib/date-presets';
import { workCountColumns } from '../lib/work-count-columns';
import { DateRangeField } from './date-range-field';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

/** /UserWorkCount: reports and body parts first-written and audited per doctor, by modality, with a total. */
export function WorkCountPage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [sn, setSn] = useState<string>();
  const [doctor, setDoctor] = useState<string>();
  const [params, setParams] = useState<UserWorkCountRequest>();
  const [exporting, setExporting] = useState(false);
  const query = useWorkCount(params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const doctorRows = rows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && doctorRows.length === 0, query.dataUpdatedAt);

  // The doctors with work in the last answer; a new hospital empties the choice (doctors depend on it).
  const doctors = useMemo(() => [...new Set(rows.filter((r) => !r.total).map((r) => r.report_doctor))], [rows]);
  const chooseHospital = useCallback((v: string | undefined) => {
    setSn(v);
    setDoctor(undefined);
  }, []);

  const current = (): UserWorkCountRequest => ({
    startTime: range[0].format(DATE_FORMAT),
    endTime: range[1].format(DATE_FORMAT),
    ...(sn ? { sn } : {}),
    ...(doctor ? { doctor } : {}),
  });
  const run = () => {
    const next = current();
    if (JSON.stringify(next) === JSON.stringify(params)) void query.refetch();
    else setParams(next);
  };
  const reset = () => {
    setRange(presetRange('month'));
    setDoctor(undefined);
    setParams(undefined);
  };
  const download = async () => {
    setExporting(true);
    try {
      await exportStats({ type: 'userWorkCount', ...current() }, `${t('workload.file')}.xlsx`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title={t('workload.title')} data-testid="work-count-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <HospitalField value={sn} onChange={chooseHospital} />
        <Select
          data-testid="stats-doctor"
          style={{ width: 180 }}
          allowClear
          showSearch
          value={doctor}
          onChange={setDoctor}
          placeholder={t('filters.allDoctors')}
          options={doctors.map((d) => ({ value: d, label: d }))}
          notFoundContent={t('filters.doctorsAfterQuery')}
        />
        <DateRangeField value={range} onChange={setRange} />
        <StatsButtons
          onQuery={run}
          onReset={reset}
          onExport={() => void download()}
          loading={query.isFetching}
          exporting={exporting}
        />
      </Space>
      <StatsTable<WorkCountRow>
        data-testid="work-count-table"
        columns={workCountColumns(t)}
        dataSource={doctorRows.length ? rows : []}
        isTotal={(r) => r.total}
        rowKey={(r) => (r.total ? '\u0000total' : r.report_doctor)}
        loading={query.isFetching}
        scroll={{ x: 1000, y: 500 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
