import { InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type { z } from 'zod';
import { apiPost } from '@web/lib/api-client';
import { useUserInfo } from '@web/lib/user-info';
import { useZipUpload } from '../hooks/use-zip-upload';
import { UploadProgress } from './upload-progress';

type Hospital = z.infer<typeof HospitalOptionSchema>;

/**
 * /uploadZip: a hospital, one .dcm or .zip, the transfer's and the ingest's progress, a result per file.
 * `openViewer` comes from the route (features stay apart).
 */
export function UploadZipPage({ openViewer }: { openViewer: (studyIuid: string) => void }) {
  const { t } = useTranslation('imageUpload');
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
  const upload = useZipUpload();
  const { phase, busy } = upload;

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
            fileList={upload.files.map((f) => ({ uid: f.name, name: f.name, size: f.size }))}
            beforeUpload={(file, list) => {
              upload.choose(list.length > 1 ? list : [file]);
              return false;
            }}
            onRemove={() => upload.choose([])}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.drop')}</p>
            <p className="ant-upload-hint">{t('upload.hint')}</p>
          </Upload.Dragger>
        </Form.Item>
        {upload.problem && <Alert type="error" showIcon title={upload.problem} data-testid="upload-problem" />}
        <Space style={{ marginTop: 12 }}>
          {busy ? (
            <Button danger onClick={upload.cancel} data-testid="upload-cancel">
              {t('upload.cancel')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => void upload.send(hospital)} data-testid="upload-send">
              {phase === 'idle' ? t('upload.send') : t('upload.again')}
            </Button>
          )}
        </Space>
      </Form>
      {phase !== 'idle' && (
        <UploadProgress
          phase={phase}
          transfer={upload.transfer}
          lines={upload.lines}
          result={upload.result}
          openViewer={openViewer}
        />
      )}
    </Card>
  );
}
