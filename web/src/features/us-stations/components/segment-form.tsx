import { Alert, Col, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { US_NUMBER_MAX, UsPrefixSchema, type UsNumberRow, type UsNumberSave } from '@shared/schemas/us-stations';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveSegment } from '../api/us-station-api';
import { HospitalRoomFields } from './hospital-room-fields';

interface Props {
  row: UsNumberRow | null | undefined;
  hospitals: { value: string; label: string }[] | null;
  onClose: (saved: boolean) => void;
}

/** Create or edit the number segment of a room: prefix, start and end number. */
export function SegmentForm({ row, hospitals, onClose }: Props) {
  const { t } = useTranslation('usStation');
  const [form] = Form.useForm<UsNumberSave>();
  useEffect(() => {
    if (row === undefined) return;
    form.resetFields();
    form.setFieldsValue(row ?? { call_room: '', prefix: '', start_no: 1, end_no: 999, remark: '' });
  }, [row, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    await saveSegment({ ...v, ...(row ? { pk: row.pk } : {}) });
    onClose(true);
  });
  const number = { min: 1, max: US_NUMBER_MAX, precision: 0, style: { width: '100%' } };

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('segment.edit') : t('segment.new')}
      width={720}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('us-segment-form-save')}
      forceRender
    >
      {row && row.issued_today > 0 && (
        <Alert type="info" showIcon title={t('segment.inUse', { n: row.issued_today })} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} layout="vertical" data-testid="us-segment-form">
        <Row gutter={16}>
          <HospitalRoomFields formTestId="us-segment-form" hospitals={hospitals} editing={Boolean(row)} />
          <Col span={8}>
            <Form.Item name="prefix" label={t('fields.prefix')} rules={[zodRule(UsPrefixSchema, t('rules.prefix'))]}>
              <Input maxLength={8} placeholder="B" data-testid="us-segment-form-prefix" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="start_no"
              label={t('fields.start_no')}
              rules={[{ required: true, message: t('rules.number') }]}
            >
              <InputNumber {...number} data-testid="us-segment-form-start" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="end_no"
              label={t('fields.end_no')}
              dependencies={['start_no']}
              rules={[
                { required: true, message: t('rules.number') },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: number | null) => {
                    const start = getFieldValue('start_no') as number | null;
                    if (v != null && start != null && v < start) throw new Error(t('rules.range'));
                  },
                }),
              ]}
            >
              <InputNumber {...number} data-testid="us-segment-form-end" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('fields.remark')}>
              <Input maxLength={200} data-testid="us-segment-form-remark" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
