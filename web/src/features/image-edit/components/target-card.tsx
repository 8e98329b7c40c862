import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Input, Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { RPT_STATUS } from '@shared/constants';
import type { ImageEditCandidate, ImageEditChoice } from '@shared/schemas/image-edit';

interface TargetCardProps {
  choice: UseQueryResult<ImageEditChoice>;
  keyword: string;
  onSearch: (keyword: string) => void;
  target: ImageEditCandidate | null;
  onTarget: (target: ImageEditCandidate | null) => void;
}

/** The study the images go to: the same patient's, or one a keyword finds; an audited one cannot be chosen. */
export function TargetCard({ choice, keyword, onSearch, target, onTarget }: TargetCardProps) {
  const { t } = useTranslation(['imageEdit', 'study']);
  return (
    <Card title={t('to')} size="small" data-testid="ie-target">
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        onSearch={(v) => onSearch(v.trim())}
        style={{ marginBottom: 8 }}
        data-testid="ie-search"
      />
      <Table<ImageEditCandidate>
        size="small"
        rowKey="study_iuid"
        loading={choice.isFetching}
        dataSource={choice.data?.list ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{ emptyText: t(keyword ? 'noneFound' : 'noneSamePatient') }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: target ? [target.study_iuid] : [],
          onChange: (_keys, rows) => onTarget(rows[0] ?? null),
          getCheckboxProps: (r) => ({ disabled: r.rpt_status === RPT_STATUS.AUDITED }),
        }}
        onRow={(r) => ({ 'data-study': r.study_iuid }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('study:fields.patient_name'), dataIndex: 'patient_name', ellipsis: true },
          { title: t('study:fields.patient_id'), dataIndex: 'patient_id', width: 100, ellipsis: true },
          { title: t('study:fields.accession_no'), dataIndex: 'accession_no', width: 110, ellipsis: true },
          { title: t('study:fields.modality'), dataIndex: 'modality', width: 84, ellipsis: true },
          { title: t('study:fields.study_datetime'), dataIndex: 'study_datetime', width: 150 },
          {
            title: t('columns.images'),
            dataIndex: 'file_count',
            width: 80,
            render: (n: number, r) =>
              r.rpt_status === RPT_STATUS.AUDITED ? <Tag color="orange">{t('audited')}</Tag> : n,
          },
        ]}
        data-testid="ie-candidates"
      />
    </Card>
  );
}
