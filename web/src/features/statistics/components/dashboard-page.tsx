import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Space, Statistic } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SERIES_CALLS, type SeriesCall, type SeriesPoint } from '@shared/schemas/statistics';
import { seriesQuery, useCountDetail } from '../api/statistics-api';
import { useStatsExport } from '../hooks/use-stats-export';
import { useStatsFilters } from '../hooks/use-stats-filters';
import { barOption, pieOption } from '../lib/chart-options';
import { byHour, labelled, positiveRate, topN } from '../lib/series';
import { DateRangeField } from './date-range-field';
import { EChart, type ChartOption } from './echart';
import { HeadlineCards } from './headline-cards';
import { HospitalField } from './hospital-field';
import { StatsButtons, StatsExportButton } from './stats-toolbar';

/** The top lists of the dashboard (body parts, referring doctors). */
const TOP = 10;

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

/**
 * /dashboard: headline figures, then the range's volume by day, modality, hour, age range (studies and
 * registrations), sex, patient type, positive rate, radiation, phone, top body parts and referring doctors.
 */
export function DashboardPage() {
  const { t } = useTranslation('statistics');
  const filters = useStatsFilters({ sn: undefined as string | undefined });
  const { params } = filters;
  const { data, fetching, refetch } = useQueries({
    queries: SERIES_CALLS.map((call) => seriesQuery(call, params)),
    combine: bySeries,
  });
  const detail = useCountDetail(params);
  const { download } = useStatsExport();

  const charts = useMemo(() => {
    const code = (group: 'sex' | 'patientTypes' | 'marks' | 'ray' | 'phone') => (n: string) =>
      t(`dashboard.${group}.${n || 'unknown'}` as 'dashboard.sex.M', { defaultValue: n });
    const named = (n: string) => n || t('dashboard.unknown');
    const age = (n: string) => (n ? n : t('dashboard.unknownAge'));
    const studies = t('dashboard.studies');
    return {
      byDay: barOption([{ name: studies, points: data.rangeList }], { zoom: true, line: true }),
      byModality: pieOption(data.hospitalmodalityCount),
      byHour: barOption([
        { name: studies, points: byHour(data.hourCount) },
        { name: t('dashboard.registrations'), points: byHour(data.hourRegisterCount) },
      ]),
      byAge: barOption([{ name: studies, points: labelled(data.ageRangeCount, age) }]),
      byAgeRegister: barOption([
        { name: t('dashboard.registrations'), points: labelled(data.ageRangeRegisterCount, age) },
      ]),
      bySex: pieOption(labelled(data.countPatientSex, code('sex'))),
      byPatientType: pieOption(labelled(data.patientTypeCount, code('patientTypes'))),
      positive: pieOption(labelled(data.positiveCount, code('marks'))),
      ray: pieOption(labelled(data.raycount, code('ray'))),
      phone: pieOption(labelled(data.patientPhoneCount, code('phone'))),
      bodyParts: barOption([{ name: studies, points: labelled(topN(data.descriptionCount, TOP), named) }], {
        horizontal: true,
      }),
      referrers: barOption([{ name: studies, points: labelled(topN(data.sqDoctorList, TOP), named) }], {
        horizontal: true,
      }),
    };
  }, [t, data]);
  const rate = positiveRate(data.positiveCount);

  const panels: { key: keyof typeof charts; title: string; call: SeriesCall; span: number; extra?: ReactNode }[] = [
    { key: 'byDay', title: t('dashboard.byDay'), call: 'rangeList', span: 24 },
    { key: 'byModality', title: t('dashboard.byModality'), call: 'hospitalmodalityCount', span: 8 },
    { key: 'byHour', title: t('dashboard.byHour'), call: 'hourCount', span: 16 },
    { key: 'byAge', title: t('dashboard.byAge'), call: 'ageRangeCount', span: 12 },
    { key: 'byAgeRegister', title: t('dashboard.byAgeRegister'), call: 'ageRangeRegisterCount', span: 12 },
    { key: 'bySex', title: t('dashboard.bySex'), call: 'countPatientSex', span: 8 },
    { key: 'byPatientType', title: t('dashboard.byPatientType'), call: 'patientTypeCount', span: 8 },
    {
      key: 'positive',
      title: t('dashboard.positiveRate'),
      call: 'positiveCount',
      span: 8,
      extra: rate === null ? undefined : <Statistic value={rate} suffix="%" styles={{ content: { fontSize: 16 } }} />,
    },
    { key: 'bodyParts', title: t('dashboard.bodyParts', { n: TOP }), call: 'descriptionCount', span: 12 },
    { key: 'referrers', title: t('dashboard.referrers', { n: TOP }), call: 'sqDoctorList', span: 12 },
    { key: 'ray', title: t('dashboard.rayTitle'), call: 'raycount', span: 12 },
    { key: 'phone', title: t('dashboard.phoneTitle'), call: 'patientPhoneCount', span: 12 },
  ];

  return (
    <Card title={t('dashboard.title')} data-testid="dashboard-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <HospitalField value={filters.extra.sn} onChange={(sn) => filters.setFilter('sn', sn)} />
        <DateRangeField value={filters.range} onChange={filters.setRange} />
        <StatsButtons
          onQuery={() =>
            filters.run(() => {
              refetch();
              void detail.refetch();
            })
          }
          onReset={filters.reset}
          loading={fetching || detail.isFetching}
        />
      </Space>
      <HeadlineCards detail={detail.data} loading={detail.isFetching} />
      <Row gutter={[16, 16]}>
        {panels.map((p) => (
          <Col key={p.key} xs={24} xl={p.span}>
            <Panel
              title={p.title}
              option={charts[p.key]}
              empty={!fetching && data[p.call].length === 0}
              testId={`dashboard-${p.key}`}
              extra={
                <Space size={4}>
                  {p.extra}
                  <StatsExportButton
                    compact
                    testId={`dashboard-export-${p.key}`}
                    onExport={() => void download({ type: p.call, ...params }, p.title)}
                  />
                </Space>
              }
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
