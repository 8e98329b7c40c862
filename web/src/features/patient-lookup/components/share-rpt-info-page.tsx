import { PictureOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PatientSex } from '@web/components/patient-sex';
import { openImageViewer } from '@web/features/image-viewer/open-viewer';
import { isApiError } from '@web/lib/api-error';
import { useShareRptInfo } from '../api/patient-lookup-api';

/** /shareRptInfo?study_iuid: the read-only shared report tab (audited reports, a link to the images). */
export function ShareRptInfoPage() {
  const { t } = useTranslation('patientLookup');
  const [params] = useSearchParams();
  const studyIuid = (params.get('study_iuid') ?? '').slice(0, 64);
  const info = useShareRptInfo(studyIuid);

  if (!studyIuid) return <Result status="warning" title={t('tab.noStudy')} />;
  if (info.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (info.isError) {
    const notFound = isApiError(info.error) && info.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('tab.notFound') : info.error.message}
        data-testid="srt-not-found"
      />
    );
  }
  const s = info.data;
  return (
    <div data-testid="srt-page" style={{ maxWidth: 1100 }}>
      <Card
        size="small"
        title={t('tab.title')}
        extra={
          s.has_images && (
            <Button icon={<PictureOutlined />} onClick={() => openImageViewer(s.study_iuid)} data-testid="srt-images">
              {t('tab.images')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={4}>
          <Descriptions.Item label={t('tab.patient')}>{s.patient_name}</Descriptions.Item>
          <Descriptions.Item label={t('field.patient_id')}>{s.patient_id}</Descriptions.Item>
          <Descriptions.Item label={t('tab.sexAge')}>
            <PatientSex value={s.patient_sex} /> {s.patient_age}
          </Descriptions.Item>
          <Descriptions.Item label={t('col.hospital')}>{s.hospital_name}</Descriptions.Item>
          <Descriptions.Item label={t('col.modality')}>{s.modality}</Descriptions.Item>
          <Descriptions.Item label={t('col.bodyPart')}>{s.study_desc}</Descriptions.Item>
          <Descriptions.Item label={t('col.studyDate')}>{s.study_datetime}</Descriptions.Item>
        </Descriptions>
      </Card>
      {s.reports.length === 0 && <Empty description={t('tab.noReport')} style={{ marginTop: 24 }} />}
      {s.reports.map((r) => (
        <Card
          key={r.rpt_pk}
          size="small"
          style={{ marginTop: 12 }}
          title={t('tab.report', { n: r.rpt_position })}
          data-testid="srt-report"
        >
          <Typography.Title level={5}>{t('tab.findings')}</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="srt-findings">
            {r.report_text1}
          </Typography.Paragraph>
          <Typography.Title level={5}>{t('tab.opinion')}</Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.report_text2}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('tab.doctors', { writer: r.report_doctor, auditor: r.sh_doctor, at: r.sh_datetime })}
          </Typography.Text>
        </Card>
      ))}
    </div>
  );
}
