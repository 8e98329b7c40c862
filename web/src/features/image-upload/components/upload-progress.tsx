import { Alert, Button, List, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UploadResult } from '../api/upload-zip';
import type { FileLine, UploadPhase } from '../hooks/use-zip-upload';

const STATUS_COLOR = { uploaded: 'success', duplicate: 'default', failed: 'error' } as const;

interface Props {
  phase: UploadPhase;
  /** The transfer's percent. */
  transfer: number;
  lines: FileLine[];
  result: UploadResult | undefined;
  openViewer: (studyIuid: string) => void;
}

/** Under the upload form: both progress bars, the summary (with links when one study came in), each file's outcome. */
export function UploadProgress({ phase, transfer, lines, result, openViewer }: Props) {
  const { t } = useTranslation('imageUpload');
  const navigate = useNavigate();
  const last = lines.at(-1);
  const ingestPercent = last ? Math.floor((last.done / Math.max(1, last.total)) * 100) : 0;
  const study = result?.data.studies.length === 1 ? result.data.studies[0] : undefined;
  return (
    <div style={{ marginTop: 16, maxWidth: 720 }}>
      <Typography.Text type="secondary">{t('upload.transfer')}</Typography.Text>
      <Progress percent={transfer} data-testid="upload-transfer" data-percent={transfer} />
      <Typography.Text type="secondary">{t('upload.ingest')}</Typography.Text>
      <Progress
        percent={phase === 'done' ? 100 : ingestPercent}
        status={phase === 'failed' ? 'exception' : undefined}
        data-testid="upload-ingest"
        data-percent={ingestPercent}
      />
      {phase === 'cancelled' && (
        <Alert type="info" showIcon title={t('upload.cancelled')} data-testid="upload-cancelled" />
      )}
      {result && (
        <Alert
          type={result.success ? 'success' : 'warning'}
          showIcon
          data-testid="upload-summary"
          title={result.msg}
          action={
            study && (
              <Space orientation="vertical">
                <Button size="small" onClick={() => openViewer(study)} data-testid="upload-open-viewer">
                  {t('upload.openViewer')}
                </Button>
                <Button
                  size="small"
                  onClick={() => navigate(`/writeRpt?study_iuid=${encodeURIComponent(study)}`)}
                  data-testid="upload-open-report"
                >
                  {t('upload.openReport')}
                </Button>
              </Space>
            )
          }
        />
      )}
      {lines.length > 0 && (
        <List
          size="small"
          header={t('upload.results')}
          data-testid="upload-results"
          style={{ marginTop: 12, maxHeight: 360, overflow: 'auto' }}
          dataSource={lines}
          renderItem={(l) => (
            <List.Item data-testid="upload-result" data-file={l.file} data-status={l.status}>
              <Tag color={STATUS_COLOR[l.status]}>{t(`upload.status.${l.status}`)}</Tag>
              <span style={{ flex: 1 }}>{l.msg}</span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
