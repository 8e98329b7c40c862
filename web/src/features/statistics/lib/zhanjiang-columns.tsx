import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import {
  ZHANJIANG_KINDS,
  ZHANJIANG_MODALITIES,
  ZHANJIANG_STAGES,
  type ZhanjiangRow,
  type ZhanjiangTab,
} from '@shared/schemas/statistics';

const num = (v: number) => <span className="stats-num">{v}</span>;
const STAGE_TITLE = { c: 'columns.firstDiagnosis', s: 'columns.audit' } as const;

/**
 * The three-tab page's columns (spec section 2): the name (body part or doctor), then three header levels
 * CT / DR / MR > first diagnosis / audit > routine / emergency / physical exam, then the row's sum.
 */
export function zhanjiangColumns(t: TFunction<'statistics'>, tab: ZhanjiangTab): TableColumnsType<ZhanjiangRow> {
  return [
    {
      title: tab === 'part' ? t('columns.bodyPart') : t('columns.doctor'),
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      width: 160,
      render: (v: string, r) => (r.total ? t('columns.totalRow') : v || t('zhanjiang.unnamed')),
    },
    ...ZHANJIANG_MODALITIES.map((m) => ({
      title: m.toUpperCase(),
      key: m,
      children: ZHANJIANG_STAGES.map((st) => ({
        title: t(STAGE_TITLE[st]),
        key: `${m}_${st}`,
        children: ZHANJIANG_KINDS.map((k) => ({
          title: t(`columns.${k}`),
          dataIndex: `${m}_${st}_${k}`,
          key: `${m}_${st}_${k}`,
          width: 92,
          align: 'right' as const,
          render: num,
        })),
      })),
    })),
    { title: t('columns.sum'), dataIndex: 'sum', key: 'sum', fixed: 'right', width: 80, align: 'right', render: num },
  ];
}
