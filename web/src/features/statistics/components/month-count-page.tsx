import { App, Card, DatePicker, Empty, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonthCountRequest, MonthCountRow } from '@shared/schemas/statistics';
import { exportStats, useMonthCount } from '../api/statistics-api';
import { monthCountColumns } from '../lib/month-count-columns';
import { monthRequest } from '../lib/month-request';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';
import { StatsTable } from './stats-table';
import { useNoRowsNotice } from './use-no-rows-notice';

/** /monthCount: studies of one month and hospital per modality and body part, by patient type. */
export function MonthCountPage() {
  const { t } = useTranslation('statistics');
  const { message } = App.useApp();
  const [month, setMonth] = useState<Dayjs | null>(null);
  const [sn, setSn] = useState<string>();
  const [params, setParams] = useState<MonthCountRequest>();
  const [exporting, setExporting] = useState(false);
  const query = useMonthCount(params);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const dataRows = rows.filter((r) => !r.is_total);
  useNoRowsNotice(!!query.data && dataRows.length === 0, query.dataUpdatedAt);

  /** The request, or the spec's message when the month or the hospital is missing. */
  const checked = () => {
    const req = monthRequest(month, sn);
    if (!req) void message.warning({ content: t('month.required'), key: 'month-required' });
    return req;
  };
  const run = () => {
    const req = checked();
    if (!req) return;
    if (JSON.stringify(req) === JSON.stringify(params)) void query.refetch();
    else setParams(req);
  };
  const download = async () => {
    const req = checked();
    if (!req) return;
    setExporting(true);
    try {
      await exportStats({ type: 'monthCountByBodyPart', ...req }, `${t('month.file')}-${req.month}.xlsx`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title={t('month.title')} data-testid="month-count-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          data-testid="stats-month"
          picker="month"
          format="YYYY-MM"
          value={month}
          onChange={setMonth}
          placeholder={t('filters.month')}
        />
        <HospitalField value={sn} onChange={setSn} required />
        <StatsButtons
          onQuery={run}
          onReset={() => {
            setMonth(null);
            setParams(undefined);
          }}
          onExport={() => void download()}
          loading={query.isFetching}
          exporting={exporting}
        />
      </Space>
      <StatsTable<MonthCountRow>
        data-testid="month-count-table"
        columns={monthCountColumns(t)}
        dataSource={dataRows.length ? rows : []}
        isTotal={(r) => r.is_total}
        rowKey={(r) => (r.is_total ? '\u0000total' : `${r.modality}\u0000${r.body_part}`)}
        loading={query.isFetching}
        scroll={{ x: 1000, y: 550 }}
        locale={{ emptyText: <Empty description={t('noData')} /> }}
      />
    </Card>
  );
}
