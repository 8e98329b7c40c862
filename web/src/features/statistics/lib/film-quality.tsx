import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { FilmQualityRow } from '@shared/schemas/statistics';

/** Spec section 9: the film quality page's modality filter. */
export const FILM_QUALITY_MODALITIES = ['DX', 'DR', 'MR', 'US', 'CT', 'MG', 'ES', 'OT', 'XA'] as const;

/** A rate as the table shows it: percent with 2 decimals. */
export const formatRate = (v: number) => `${v.toFixed(2)}%`;

const num = (v: number) => <span className="stats-num">{v}</span>;
const rate = (v: number) => <span className="stats-num">{formatRate(v)}</span>;

/** Film quality per hospital and modality: counts by grade, then the A, good (A + B) and scrap rates. */
export function filmQualityColumns(t: TFunction<'statistics'>): TableColumnsType<FilmQualityRow> {
  const count = (key: keyof FilmQualityRow & string) => ({
    title: t(`film.${key}` as 'film.studies'),
    dataIndex: key,
    key,
    width: 88,
    align: 'right' as const,
    render: num,
  });
  const pct = (key: keyof FilmQualityRow & string) => ({ ...count(key), width: 104, render: rate });
  return [
    {
      title: t('columns.hospital'),
      dataIndex: 'hospital_name',
      key: 'hospital_name',
      fixed: 'left',
      width: 180,
      render: (v: string, r) => (r.total ? t('columns.totalRow') : v),
    },
    { title: t('columns.modality'), dataIndex: 'modality', key: 'modality', width: 90 },
    count('studies'),
    count('rated'),
    {
      title: t('film.grades'),
      key: 'grades',
      children: [count('grade_a'), count('grade_b'), count('grade_c'), count('scrap')],
    },
    pct('a_rate'),
    pct('good_rate'),
    pct('scrap_rate'),
  ];
}
