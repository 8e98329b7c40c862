import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODALITIES } from '@shared/constants';
import type { MrrtImportResult } from '@shared/schemas/layout';
import { isApiError } from '@web/lib/api-error';
import { importMrrt } from '../api/layout-api';

type Options = { value: string; label: string }[];

/** An MRRT file (.html) into a new layout of a hospital and modality; the server sanitises it. */
export function MrrtImportModal({
  hospitals,
  onClose,
}: {
  hospitals: Options | null;
  onClose: (result: MrrtImportResult | null) => void;
}) {
  const { t } = useTranslation('layoutEditor');
  const [file, setFile] = useState<File | null>(null);
  const [hospital, setHospital] = useState('');
  const [modality, setModality] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!file) return setError(t('mrrt.noFile'));
    setBusy(true);
    setError('');
    try {
      onClose(await importMrrt(file, hospital, modality));
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.fieldErrors[0]?.msg ?? e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('importMrrt')}
      onCancel={() => onClose(null)}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'mrrt-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Form layout="vertical">
        {hospitals && (
          <Form.Item label={t('fields.hospital')}>
            <Select
              value={hospital}
              onChange={setHospital}
              options={[{ value: '', label: t('installation') }, ...hospitals]}
              data-testid="mrrt-hospital"
            />
          </Form.Item>
        )}
        <Form.Item label={t('fields.modality')}>
          <Select
            value={modality}
            onChange={setModality}
            options={[{ value: '', label: t('allModalities') }, ...MODALITIES.map((m) => ({ value: m, label: m }))]}
            data-testid="mrrt-modality"
          />
        </Form.Item>
        <Form.Item label={t('mrrt.file')} help={error || t('mrrt.hint')} validateStatus={error ? 'error' : undefined}>
          <Upload
            accept=".html,.htm,text/html"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setError('');
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="mrrt-file">
              {t('mrrt.choose')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
