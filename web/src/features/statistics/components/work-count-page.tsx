import { Card, Empty, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserWorkCountRequest, WorkCountRow } from '@shared/schemas/statistics';
import { exportStats, useDoctorList, useWorkCount } from '../api/statistics-api';
import { DATE_FORMAT, presetRange } from '../lib/date-presets';
import { workCountColumns } from '../lib/work-count-columns';
import { DateRangeField } from './date-range-field';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

const rangeParams = (r: [Dayjs, Dayjs]) => ({ startTime: r[0].format(DATE_FORMAT), endTime: r[1].format(DATE_FORMAT) });

/** /UserWorkCount: reports and body parts first-written and audited per doctor, by modality, with a total. */
export function WorkCountPage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [sn, setSn] = useState<string>();
  const [doctor, setDoctor] = useState<string>();
  // The page opens with the default range's answer (the current month, every doctor in scope).
  const [params, setParams] = useState<UserWorkCountRequest | undefined>(() => rangeParams(presetRange('month')));
  const [exporting, setExporting] = useState(false);
  const query = useWorkCount(params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const doctorRows = rows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && doctorRows.length === 0, query.dataUpdatedAt);

  // The doctor choice: the chosen hospital's doctors (/orderCount/doctorList), and the names on the reports
  // of the same query for every doctor (a doctor since removed still counts there; it is the same cached
  // answer while no doctor is chosen). A new hospital empties the choice.
  const hospitalDoctors = useDoctorList(sn);
  const everyDoctor = useWorkCount(params && { ...params, doctor: undefined });
  const doctors = useMemo(() => {
    const listed = (hospitalDoctors.data ?? []).map((d) => d.name);
    const onReports = (everyDoctor.data ?? []).filter((r) => !r.total).map((r) => r.report_doctor);
    return [...new Set([...listed, ...onReports])].sort((a, b) => a.localeCompare(b));
  }, [hospitalDoctors.data, everyDoctor.data]);
  const chooseHospital = useCallback((v: string | undefined) => {
    setSn(v);
    setDoctor(undefined);
  }, []);

  const current = (): UserWorkCountRequest => ({
    ...rangeParams(range),
    ...(sn ? { sn } : {}),
    ...(doctor ? { doctor } : {}),
  });
  const run = () => {
    const next = current();
    if (JSON.stringify(next) === JSON.stringify(params)) void query.refetch();
    else setParams(next);
  };
  // Back to the opening state: this month, every doctor (hospital staff keep their own hospital).
  const reset = () => {
    const month = presetRange('month');
    setRange(month);
    chooseHospital(undefined);
    setParams(rangeParams(month));
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
          notFoundContent={t('filters.noDoctors')}
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
