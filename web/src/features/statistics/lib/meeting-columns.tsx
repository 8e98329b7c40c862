import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { MeetingCountRow } from '@shared/schemas/statistics';

const num = (v: number) => <span className="stats-num">{v}</span>;

/** Consultations per hospital: all, then one, two and three or more disciplines. */
export function meetingColumns(t: TFunction<'statistics'>): TableColumnsType<MeetingCountRow> {
  const count = (key: 'count' | 'single' | 'dual' | 'multi') => ({
    title: t(`meeting.${key}`),
    dataIndex: key,
    key,
    width: 140,
    align: 'right' as const,
    render: num,
  });
  return [
    {
      title: t('columns.hospitalName'),
      dataIndex: 'hospital_name',
      key: 'hospital_name',
      fixed: 'left',
      width: 200,
      render: (v: string, r) => (r.total ? t('columns.totalRow') : v),
    },
    count('count'),
    {
      title: t('meeting.byDisciplines'),
      key: 'disciplines',
      children: [count('single'), count('dual'), count('multi')],
    },
  ];
}
