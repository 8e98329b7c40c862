import { Card, Empty, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalCountRow, MeetingCountRow } from '@shared/schemas/statistics';
import { useStatsCall } from '../api/statistics-api';
import { useStatsExport } from '../hooks/use-stats-export';
import { useStatsFilters } from '../hooks/use-stats-filters';
import { meetingColumns } from '../lib/meeting-columns';
import { workCountColumns } from '../lib/work-count-columns';
import { DateRangeField } from './date-range-field';
import { StatsButtons, StatsExportButton } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

/** Spec: the tables of this page scroll at width 1000 and height 500. */
const SCROLL = { x: 1000, y: 500 };

/**
 * /doctorCount: table 1, reports and body parts per hospital (first diagnosis / audit by modality); table 2,
 * consultations per hospital (single, dual, multi-discipline); both for the same range, each with a total.
 */
export function HospitalCountPage() {
  const { t } = useTranslation('statistics');
  const filters = useStatsFilters({});
  const query = useStatsCall<HospitalCountRow[]>('/orderCount/doctorCount', filters.params);
  const meetings = useStatsCall<MeetingCountRow[]>('/meeting/userMeetingCount', filters.params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const hospitals = rows.filter((r) => !r.total);
  const meetingRows = useMemo(() => meetings.data ?? [], [meetings.data]);
  const meetingHospitals = meetingRows.filter((r) => !r.total);
  useNoRowsNotice(!!query.data && hospitals.length === 0, query.dataUpdatedAt);
  const { exporting, download } = useStatsExport();
  return (
    <Card title={t('hospital.title')} data-testid="hospital-count-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <DateRangeField value={filters.range} onChange={filters.setRange} />
        <StatsButtons
          onQuery={() =>
            filters.run(() => {
              void query.refetch();
              void meetings.refetch();
            })
          }
          onReset={filters.reset}
          onExport={() => void download({ type: 'doctorCount', ...filters.current() }, t('hospital.title'))}
          loading={query.isFetching || meetings.isFetching}
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
        scroll={SCROLL}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
      <Space style={{ margin: '24px 0 8px', width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('meeting.title')}
        </Typography.Title>
        <StatsExportButton
          onExport={() => void download({ type: 'userMeetingCount', ...filters.current() }, t('meeting.title'))}
          exporting={exporting}
          testId="meeting-export"
        />
      </Space>
      <StatsTable<MeetingCountRow>
        data-testid="meeting-count-table"
        columns={meetingColumns(t)}
        dataSource={meetingHospitals.length ? meetingRows : []}
        isTotal={(r) => r.total}
        rowKey={(r) => (r.total ? '\u0000total' : r.sn)}
        loading={meetings.isFetching}
        scroll={SCROLL}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
