import { Badge, Card, Col, DatePicker, Empty, Row, Space, Statistic, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USE_TIME_GOAL_MS, type UseTimeRecord } from '@shared/schemas/statistics';
import { useUseTimeDay, useUseTimeOverview } from '../api/use-time-api';
import { barOption } from '../lib/chart-options';
import { DATE_FORMAT } from '../lib/date-presets';
import { bucketPoints, formatMb, newestDay } from '../lib/use-time';
import { EChart } from './echart';

/**
 * /useTime (role 1): how fast studies reached the viewer's screen. The date picker marks the days with
 * openings; a day shows its score (first image within 1 s), openings, mean time, buckets and openings.
 */
export function UseTimePage() {
  const { t } = useTranslation('statistics');
  const overview = useUseTimeOverview();
  const [chosen, setChosen] = useState<string>();
  const day = chosen ?? newestDay(overview.data);
  const score = useUseTimeDay(day);
  const counts = overview.data?.data2 ?? {};
  const chart = useMemo(
    () =>
      barOption([
        {
          name: t('useTime.openings'),
          points: bucketPoints(score.data?.data2 ?? {}, (b) => t(`useTime.buckets.${b}`)),
        },
      ]),
    [score.data, t],
  );
  const columns: TableColumnsType<UseTimeRecord> = [
    { title: t('useTime.time'), dataIndex: 'time', key: 'time', width: 90 },
    { title: t('columns.hospital'), dataIndex: 'hospital_name', key: 'hospital_name', width: 160, ellipsis: true },
    { title: t('useTime.user'), dataIndex: 'user_name', key: 'user_name', width: 120, ellipsis: true },
    { title: t('useTime.study'), dataIndex: 'study_iuid', key: 'study_iuid', ellipsis: true },
    { title: t('columns.modality'), dataIndex: 'modality', key: 'modality', width: 90 },
    { title: t('useTime.firstMs'), dataIndex: 'first_ms', key: 'first_ms', width: 120, align: 'right' },
    { title: t('useTime.totalMs'), dataIndex: 'total_ms', key: 'total_ms', width: 120, align: 'right' },
    { title: t('useTime.images'), dataIndex: 'images', key: 'images', width: 90, align: 'right' },
    {
      title: t('useTime.mb'),
      dataIndex: 'bytes',
      key: 'bytes',
      width: 100,
      align: 'right',
      render: (b: number) => formatMb(b),
    },
  ];
  return (
    <Card title={t('useTime.title')} data-testid="use-time-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          data-testid="use-time-day"
          allowClear={false}
          format={DATE_FORMAT}
          value={day ? dayjs(day) : null}
          onChange={(d) => d && setChosen(d.format(DATE_FORMAT))}
          cellRender={(current, info) => {
            if (info.type !== 'date' || !dayjs.isDayjs(current)) return info.originNode;
            const n = counts[current.format(DATE_FORMAT)];
            return n ? (
              <div className="ant-picker-cell-inner" title={t('useTime.dayOpenings', { n })}>
                <Badge dot offset={[2, -2]} data-testid="use-time-marked">
                  {current.date()}
                </Badge>
              </div>
            ) : (
              info.originNode
            );
          }}
        />
      </Space>
      {!day && !overview.isFetching ? (
        <Empty description={t('noData')} />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={8}>
              <Card size="small" data-testid="use-time-score">
                <Statistic
                  title={t('useTime.score', { s: USE_TIME_GOAL_MS / 1000 })}
                  value={score.data?.score ?? 0}
                  suffix="%"
                  loading={score.isFetching && !score.data}
                />
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small" data-testid="use-time-sum">
                <Statistic title={t('useTime.openings')} value={score.data?.sum ?? 0} />
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small" data-testid="use-time-mean">
                <Statistic title={t('useTime.meanMs')} value={score.data?.time ?? 0} suffix="ms" />
              </Card>
            </Col>
          </Row>
          <Card
            size="small"
            title={t('useTime.bucketsTitle')}
            style={{ marginBottom: 16 }}
            data-testid="use-time-chart"
          >
            <EChart option={chart} height={240} />
          </Card>
          <Table<UseTimeRecord>
            data-testid="use-time-table"
            bordered
            size="small"
            rowKey="pk"
            columns={columns}
            dataSource={score.data?.data ?? []}
            loading={score.isFetching}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            scroll={{ x: 1100 }}
            locale={{ emptyText: <Empty description={t('noData')} /> }}
            onRow={() => ({ 'data-testid': 'use-time-row' }) as object}
          />
        </>
      )}
    </Card>
  );
}
