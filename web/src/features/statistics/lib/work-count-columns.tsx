import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { STATS_MODALITIES, type WorkCountRow } from '@shared/schemas/statistics';

type Prefix = '' | 's_' | 'b_' | 'sb_';
type TotalKey = 'countrc' | 'countrs' | 'countbc' | 'countbs';

const num = (v: number) => <span className="stats-num">{v}</span>;

function group(t: TFunction<'statistics'>, title: string, total: TotalKey, prefix: Prefix) {
  return {
    title,
    children: [
      { title: t('columns.total'), dataIndex: total, key: total, width: 72, align: 'right' as const, render: num },
      ...STATS_MODALITIES.map((m) => ({
        title: m.toUpperCase(),
        dataIndex: `${prefix}${m}`,
        key: `${prefix}${m}`,
        width: 64,
        align: 'right' as const,
        render: num,
      })),
    ],
  };
}

/**
 * The workload table's column groups (spec section 2): report count and body-part count, each split into
 * first diagnosis and audit, each with its total and CT DR DX MR US.
 */
export function workCountColumns<Row extends WorkCountRow>(
  t: TFunction<'statistics'>,
  label: { title: string; key: keyof Row & string } = { title: t('columns.doctor'), key: 'report_doctor' },
): TableColumnsType<Row> {
  return [
    {
      title: label.title,
      dataIndex: label.key,
      key: label.key,
      fixed: 'left',
      width: 140,
      render: (v: string, r) => (r.total ? t('columns.totalRow') : v),
    },
    {
      title: t('columns.reportCount'),
      children: [group(t, t('columns.firstDiagnosis'), 'countrc', ''), group(t, t('columns.audit'), 'countrs', 's_')],
    },
    {
      title: t('columns.partsCount'),
      children: [
        group(t, t('columns.firstDiagnosis'), 'countbc', 'b_'),
        group(t, t('columns.audit'), 'countbs', 'sb_'),
      ],
    },
  ];
}
