import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { MonthCountRow } from '@shared/schemas/statistics';

const COUNTS = ['routine', 'emergency', 'exam', 'total', 'parts'] as const;

/** Monthly count: modality, body part, studies by patient type (routine / emergency / exam), total, parts. */
export function monthCountColumns(t: TFunction<'statistics'>): TableColumnsType<MonthCountRow> {
  return [
    {
      title: t('columns.modality'),
      dataIndex: 'modality',
      key: 'modality',
      width: 110,
      render: (v: string, r) => (r.is_total ? t('columns.totalRow') : v),
    },
    { title: t('columns.bodyPart'), dataIndex: 'body_part', key: 'body_part', width: 220, ellipsis: true },
    ...COUNTS.map((k) => ({
      title: t(k === 'total' ? 'columns.total' : `columns.${k}`),
      dataIndex: k,
      key: k,
      width: 100,
      align: 'right' as const,
    })),
  ];
}
