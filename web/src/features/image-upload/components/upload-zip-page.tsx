import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, List, Progress, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { UploadLine } from '@shared/schemas/images';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type { z } from 'zod';
import { apiPost } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { useUserInfo } from '@web/lib/user-info';
import { uploadZip, type UploadResult } from '../api/upload-zip';
import { uploadProblem } from '../lib/check-file';

type Hospital = z.infer<typeof HospitalOptionSchema>;
type FileLine = Extract<UploadLine, { type: 'file' }>;
type Phase = 'idle' | 'transfer' | 'ingest' | 'done' | 'failed' | 'cancelled';

const STATUS_COLOR = { uploaded: 'success', duplicate: 'default', failed: 'error' } as const;

/**
 * /uploadZip: a hospital, one .dcm or .zip, the transfer's and the ingest's progress, a result per file.
 * `openViewer` comes from the route (features stay apart).
 */
export function UploadZipPage({ openViewer }: { openViewer: (studyIuid: string) => void }) {
  const { t } = useTranslation('imageUpload');
  const navigate = useNavigate();
  const me = useUserInfo().data?.user;
  const isSuper = me?.role_pk === SUPER_ADMIN_ROLE_PK;
  const hospitals = useQuery({
    queryKey: ['hospitals-with-code'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    staleTime: 10 * 60_000,
  });
  const [chosen, setHospital] = useState<string>();
  // Others upload to their own hospital: preselected and fixed.
  const hospital = isSuper ? chosen : me?.hospital_code;
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  const [phase, setPhase] = useState<Phase>('idle');
  const [transfer, setTransfer] = useState(0);
  const [lines, setLines] = useState<FileLine[]>([]);
  const [result, setResult] = useState<UploadResult>();
  const abort = useRef<() => void>(undefined);

  useEffect(() => () => abort.current?.(), []);

  const busy = phase === 'transfer' || phase === 'ingest';
  const last = lines.at(-1);
  const ingestPercent = last ? Math.floor((last.done / Math.max(1, last.total)) * 100) : 0;

  const send = async () => {
    const p = uploadProblem(files, hospital);
    setProblem(p ? t(`upload.problems.${p}`) : undefined);
    if (p || !hospital) return;
    setPhase('transfer');
    setTransfer(0);
    setLines([]);
    setResult(undefined);
    const job = uploadZip(files[0]!, hospital, {
      onTransfer: (loaded, total) => {
        setTransfer(Math.floor((loaded / Math.max(1, total)) * 100));
        if (loaded >= total) setPhase('ingest');
      },
      onFile: (line) => {
        setPhase('ingest');
        setLines((l) => [...l, line]);
      },
    });
    abort.current = job.abort;
    try {
      const r = await job.promise;
      setResult(r);
      setPhase('done');
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') setPhase('cancelled');
      else {
        setProblem(isApiError(e) ? e.message : String(e));
        setPhase('failed');
      }
    } finally {
      abort.current = undefined;
    }
  };

  const study = result?.data.studies.length === 1 ? result.data.studies[0] : undefined;
  return (
    <Card title={t('title')} data-testid="upload-zip-page" data-phase={phase}>
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label={t('upload.hospital')} required>
          <Select
            data-testid="upload-hospital"
            value={hospital}
            onChange={setHospital}
            disabled={!isSuper || busy}
            loading={hospitals.isLoading}
            placeholder={t('upload.hospitalPlaceholder')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(hospitals.data ?? []).map((h) => ({ value: h.code, label: h.name }))}
          />
        </Form.Item>
        <Form.Item label={t('upload.file')} required>
          <Upload.Dragger
            data-testid="upload-file"
            multiple={false}
            accept=".dcm,.zip"
            disabled={busy}
            fileList={files.map((f) => ({ uid: f.name, name: f.name, size: f.size }))}
            beforeUpload={(file, list) => {
              setFiles(list.length > 1 ? list : [file]);
              setProblem(undefined);
              return false;
            }}
            onRemove={() => setFiles([])}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.drop')}</p>
            <p className="ant-upload-hint">{t('upload.hint')}</p>
          </Upload.Dragger>
        </Form.Item>
        {problem && <Alert type="error" showIcon title={problem} data-testid="upload-problem" />}
        <Space style={{ marginTop: 12 }}>
          {busy ? (
            <Button danger onClick={() => abort.current?.()} data-testid="upload-cancel">
              {t('upload.cancel')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void send()} data-testid="upload-send">
              {phase === 'idle' ? t('upload.send') : t('upload.again')}
            </Button>
          )}
        </Space>
      </Form>
      {phase !== 'idle' && (
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
              description={result.data.duplicates ? t('upload.summary', result.data) : undefined}
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
      )}
    </Card>
  );
}
