import { Button, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { PatientExam } from '@shared/schemas/patient-lookup';
import { appUrl } from '../api/patient-lookup-api';

const STATUS_COLOR = ['default', 'processing', 'success'] as const;

/** The patient's exams: when and what, the report's status, and a link to an audited report. */
export function examColumns(t: TFunction<'patientLookup'>) {
  return [
    { title: t('col.studyDate'), dataIndex: 'study_datetime', key: 'study_datetime' },
    { title: t('col.modality'), dataIndex: 'modality', key: 'modality' },
    { title: t('col.bodyPart'), dataIndex: 'body_part', key: 'body_part' },
    { title: t('col.hospital'), dataIndex: 'hospital_name', key: 'hospital_name' },
    {
      title: t('col.status'),
      key: 'rpt_status',
      render: (_: unknown, e: PatientExam) => (
        <Tag color={STATUS_COLOR[e.rpt_status as 0 | 1 | 2] ?? 'default'}>
          {t(`status.${(e.rpt_status === 1 || e.rpt_status === 2 ? e.rpt_status : 0) as 0 | 1 | 2}`)}
        </Tag>
      ),
    },
    {
      title: t('col.report'),
      key: 'report',
      render: (_: unknown, e: PatientExam) =>
        e.report_token ? (
          <Button
            type="link"
            size="small"
            data-testid="pl-view-report"
            href={appUrl(`/rptPrint?${new URLSearchParams({ study_iuid: e.study_iuid, share: e.report_token })}`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('viewReport')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('noReport')}</Typography.Text>
        ),
    },
  ];
}
