import { App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyDetail } from '@shared/schemas/report';
import { reportApi } from '../api/report-api';
import { markQcShown, qcDue } from '../lib/qc-once';

const GRADES = [4, 3, 2, 1] as const;

/** Quality control of the images and the report (use_qc 1), recorded with /report/quality. */
export function QcDialog({ study, audited }: { study: StudyDetail; audited: boolean }) {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const [open, setOpen] = useState(() => qcDue(study, audited, sessionStorage));
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  useEffect(() => {
    if (open) markQcShown(study.study_iuid, sessionStorage);
  }, [open, study.study_iuid]);
  const finish = async (v: Record<string, unknown>) => {
    setSaving(true);
    try {
      await reportApi.quality({ study_iuid: study.study_iuid, ...v });
      void message.success(t('qc.saved'));
      setOpen(false);
    } catch {
      // the request layer showed the failure
    } finally {
      setSaving(false);
    }
  };
  const grade = (
    <Radio.Group>
      {GRADES.map((g) => (
        <Radio key={g} value={g}>
          {t(`quality.${g}`)}
        </Radio>
      ))}
    </Radio.Group>
  );
  return (
    <Modal
      open={open}
      title={t('qc.title')}
      onCancel={() => setOpen(false)}
      onOk={() => form.submit()}
      confirmLoading={saving}
      data-testid="rw-qc"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={finish} data-testid="rw-qc-form">
        <Form.Item name="image_quality" label={t('qc.imageQuality')} rules={[{ required: true }]}>
          {grade}
        </Form.Item>
        <Form.Item name="image_score" label={t('qc.score')}>
          <InputNumber min={0} max={100} />
        </Form.Item>
        <Form.Item name="image_remark" label={t('qc.remark')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="report_quality" label={t('qc.reportQuality')}>
          {grade}
        </Form.Item>
        <Form.Item name="report_score" label={t('qc.score')}>
          <InputNumber min={0} max={100} />
        </Form.Item>
        <Form.Item name="report_remark" label={t('qc.remark')} rules={[{ max: 512 }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
