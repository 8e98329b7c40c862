import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SERIES_CALLS, type SeriesCall, type SeriesPoint, type StatsRange } from '@shared/schemas/statistics';
import { seriesQuery } from '../api/statistics-api';
import { barOption, pieOption } from '../lib/chart-options';
import { DATE_FORMAT, presetRange } from '../lib/date-presets';
import { byHour, labelled, positiveRate } from '../lib/series';
import { DateRangeField } from './date-range-field';
import { EChart, type ChartOption } from './echart';
import { HospitalField } from './hospital-field';
import { StatsButtons } from './stats-toolbar';

const rangeParams = (r: [Dayjs, Dayjs]): StatsRange => ({
  startTime: r[0].format(DATE_FORMAT),
  endTime: r[1].format(DATE_FORMAT),
});

/** Module-level, so TanStack Query keeps the combined answer (and the charts' options) between renders. */
function bySeries(results: UseQueryResult<SeriesPoint[]>[]) {
  return {
    data: Object.fromEntries(SERIES_CALLS.map((c, i) => [c, results[i]?.data ?? []])) as Record<
      SeriesCall,
      SeriesPoint[]
    >,
    fetching: results.some((r) => r.isFetching),
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}

function Panel({
  title,
  option,
  empty,
  testId,
  extra,
}: {
  title: string;
  option: ChartOption;
  empty: boolean;
  testId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId}>
      {empty ? <Empty style={{ height: 268 }} description={t('noData')} /> : <EChart option={option} height={280} />}
    </Card>
  );
}

/** /dashboard: the volume of the range by day, modality, hour, age range, sex, patient type; positive rate. */
export function DashboardPage() {
  const { t } = useTranslation('statistics');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [sn, setSn] = useState<string>();
  const [params, setParams] = useState<StatsRange>(() => rangeParams(presetRange('month')));
  const { data, fetching, refetch } = useQueries({
    queries: SERIES_CALLS.map((call) => seriesQuery(call, params)),
    combine: bySeries,
  });

  const charts = useMemo(() => {
    const code = (group: 'sex' | 'patientTypes') => (n: string) =>
      t(`dashboard.${group}.${n || 'unknown'}` as 'dashboard.sex.M', { defaultValue: n });
    return {
      byDay: barOption([{ name: t('dashboard.studies'), points: data.rangeList }], { zoom: true, line: true }),
      byModality: pieOption(data.hospitalmodalityCount),
      byHour: barOption([
        { name: t('dashboard.studies'), points: byHour(data.hourCount) },
        { name: t('dashboard.registrations'), points: byHour(data.hourRegisterCount) },
      ]),
      byAge: barOption([
        {
          name: t('dashboard.studies'),
          points: labelled(data.ageRangeCount, (n) => (n ? n : t('dashboard.unknownAge'))),
        },
      ]),
      bySex: pieOption(labelled(data.countPatientSex, code('sex'))),
      byPatientType: pieOption(labelled(data.patientTypeCount, code('patientTypes'))),
      positive: pieOption(
        labelled(data.positiveCount, (n) =>
          t(`dashboard.marks.${n}` as 'dashboard.marks.positive', { defaultValue: n }),
        ),
      ),
    };
  }, [t, data]);
  const rate = positiveRate(data.positiveCount);

  const run = () => {
    const next = { ...rangeParams(range), ...(sn ? { sn } : {}) };
    if (JSON.stringify(next) === JSON.stringify(params)) refetch();
    else setParams(next);
  };
  const panels: { key: keyof typeof charts; title: string; call: SeriesCall; span: number; extra?: ReactNode }[] = [
    { key: 'byDay', title: t('dashboard.byDay'), call: 'rangeList', span: 24 },
    { key: 'byModality', title: t('dashboard.byModality'), call: 'hospitalmodalityCount', span: 8 },
    { key: 'byHour', title: t('dashboard.byHour'), call: 'hourCount', span: 16 },
    { key: 'byAge', title: t('dashboard.byAge'), call: 'ageRangeCount', span: 12 },
    { key: 'bySex', title: t('dashboard.bySex'), call: 'countPatientSex', span: 6 },
    { key: 'byPatientType', title: t('dashboard.byPatientType'), call: 'patientTypeCount', span: 6 },
    {
      key: 'positive',
      title: t('dashboard.positiveRate'),
      call: 'positiveCount',
      span: 8,
      extra: rate === null ? undefined : <Statistic value={rate} suffix="%" styles={{ content: { fontSize: 16 } }} />,
    },
  ];

  return (
    <Card title={t('dashboard.title')} data-testid="dashboard-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <HospitalField value={sn} onChange={setSn} />
        <DateRangeField value={range} onChange={setRange} />
        <StatsButtons
          onQuery={run}
          onReset={() => {
            const month = presetRange('month');
            setRange(month);
            setSn(undefined);
            setParams(rangeParams(month));
          }}
          loading={fetching}
        />
      </Space>
      <Row gutter={[16, 16]}>
        {panels.map((p) => (
          <Col key={p.key} xs={24} xl={p.span}>
            <Panel
              title={p.title}
              option={charts[p.key]}
              empty={!fetching && data[p.call].length === 0}
              testId={`dashboard-${p.key}`}
              extra={p.extra}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
