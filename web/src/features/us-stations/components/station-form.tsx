import { Col, Form, Input, Modal, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UsClientSaveSchema, type UsClientRow, type UsClientSave } from '@shared/schemas/us-stations';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveStation } from '../api/us-station-api';
import { HospitalRoomFields } from './hospital-room-fields';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: UsClientRow | null | undefined;
  /** The super administrator's hospitals; null: the caller's own hospital. */
  hospitals: { value: string; label: string }[] | null;
  onClose: (saved: boolean) => void;
}

type Values = Omit<UsClientSave, 'status'> & { status: boolean };
const shape = UsClientSaveSchema.shape;

/** Create or edit a US station: name, hospital, room, ip, in service, remark. */
export function StationForm({ row, hospitals, onClose }: Props) {
  const { t } = useTranslation('usStation');
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (row === undefined) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? { ...row, status: row.status === 1 }
        : { name: '', call_room: '', ip: '', remark: '', status: true, hospital_code: undefined },
    );
  }, [row, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    await saveStation({ ...v, status: v.status ? 1 : 0, ...(row ? { pk: row.pk } : {}) });
    onClose(true);
  });

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('station.edit') : t('station.new')}
      width={720}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('us-station-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="us-station-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name, t('rules.name'))]}>
              <Input maxLength={64} data-testid="us-station-form-name" />
            </Form.Item>
          </Col>
          <HospitalRoomFields formTestId="us-station-form" hospitals={hospitals} editing={Boolean(row)} />
          <Col span={12}>
            <Form.Item name="ip" label={t('fields.ip')} rules={[zodRule(shape.ip, t('rules.ip'))]}>
              <Input maxLength={45} placeholder="10.0.0.11" data-testid="us-station-form-ip" />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="remark" label={t('fields.remark')} rules={[zodRule(shape.remark, t('rules.remark'))]}>
              <Input maxLength={200} data-testid="us-station-form-remark" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="status" label={t('fields.status')} valuePropName="checked">
              <Switch data-testid="us-station-form-status" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
