import { Card, Descriptions, Table } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageEditCandidate } from '@shared/schemas/image-edit';

export interface SeriesRow {
  series_iuid: string;
  series_number: number | null;
  modality: string;
  series_desc: string;
  count: number;
}

interface SourceCardProps {
  source: ImageEditCandidate | undefined;
  series: SeriesRow[];
  loading: boolean;
  chosen: string[];
  onChoose: (series: string[]) => void;
}

/** The study the images come from: who it is, and its series to choose. */
export function SourceCard({ source, series, loading, chosen, onChoose }: SourceCardProps) {
  const { t } = useTranslation(['imageEdit', 'study']);
  return (
    <Card title={t('from')} size="small" data-testid="ie-source">
      {source && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 8 }}
          items={[
            { key: 'name', label: t('study:fields.patient_name'), children: source.patient_name },
            { key: 'id', label: t('study:fields.patient_id'), children: source.patient_id },
            { key: 'acc', label: t('study:fields.accession_no'), children: source.accession_no || '-' },
            { key: 'mod', label: t('study:fields.modality'), children: source.modality },
            { key: 'at', label: t('study:fields.study_datetime'), children: source.study_datetime },
            { key: 'n', label: t('columns.images'), children: source.file_count },
          ]}
        />
      )}
      <Table<SeriesRow>
        size="small"
        rowKey="series_iuid"
        loading={loading}
        dataSource={series}
        pagination={false}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => onChoose(keys as string[]) }}
        onRow={(r) => ({ 'data-series': r.series_iuid }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('columns.number'), dataIndex: 'series_number', width: 70 },
          { title: t('study:fields.modality'), dataIndex: 'modality', width: 80 },
          { title: t('columns.desc'), dataIndex: 'series_desc', ellipsis: true },
          { title: t('columns.images'), dataIndex: 'count', width: 80, align: 'right' },
        ]}
        data-testid="ie-series"
      />
    </Card>
  );
}
