import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MODALITIES } from '@shared/constants';
import { DeviceSaveSchema, type DeviceRow, type DeviceSave } from '@shared/schemas/admin-org';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveDevice, useAllHospitals } from '../api/org-api';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: DeviceRow | null | undefined;
  /** The super administrator picks the hospital; anyone else's devices stay in their own. */
  pickHospital: boolean;
  onClose: (saved: boolean) => void;
}

const shape = DeviceSaveSchema.shape;

/** Create or edit a DICOM device, validated by the shared schema the server uses. */
export function DicomDeviceForm({ row, pickHospital, onClose }: Props) {
  const { t } = useTranslation('adminOrg');
  const [form] = Form.useForm<DeviceSave>();
  const hospitals = useAllHospitals(pickHospital && row !== undefined);
  useEffect(() => {
    if (row !== undefined) {
      form.resetFields();
      form.setFieldsValue(
        row ? { ...row, modality: row.modality as DeviceSave['modality'] } : { modality: '', status: 1 },
      );
    }
  }, [row, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    await saveDevice({ ...v, ...(row ? { pk: row.pk } : {}) });
    onClose(true);
  });

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('device.edit') : t('device.new')}
      width={640}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('device-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="device-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('device.name')} rules={[zodRule(shape.name, t('device.nameRule'))]}>
              <Input maxLength={64} data-testid="device-form-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="aet"
              label={t('device.aet')}
              rules={[zodRule(shape.aet, t('device.aetRule'))]}
              tooltip={t('device.aetRule')}
            >
              <Input data-testid="device-form-aet" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="ip" label={t('device.ip')} rules={[zodRule(shape.ip, t('device.ipRule'))]}>
              <Input data-testid="device-form-ip" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="port" label={t('device.port')} rules={[zodRule(shape.port, t('device.portRule'))]}>
              <InputNumber style={{ width: '100%' }} data-testid="device-form-port" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="modality" label={t('device.modality')}>
              <Select
                data-testid="device-form-modality"
                options={[
                  { value: '', label: t('device.anyModality') },
                  ...MODALITIES.map((m) => ({ value: m, label: m })),
                ]}
              />
            </Form.Item>
          </Col>
          {pickHospital && (
            <Col span={12}>
              <Form.Item name="hospital_code" label={t('device.hospital')} rules={[{ required: true }]}>
                <Select
                  loading={hospitals.isLoading}
                  data-testid="device-form-hospital"
                  options={(hospitals.data?.list ?? []).map((h) => ({ value: h.code, label: h.name }))}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
