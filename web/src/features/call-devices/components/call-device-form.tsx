import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, Modal, Row, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RoomNameSchema } from '@shared/schemas/queue';
import {
  CALL_SETTING_DEFAULTS,
  CallDeviceSaveSchema,
  type CallDeviceRow,
  type CallDeviceSave,
  type CallDeviceSaved,
} from '@shared/schemas/call-devices';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveCallDevice } from '../api/call-device-api';
import { CallTypeSetting, ColourSetting, MarqueeSetting, NumberSetting } from './setting-fields';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: CallDeviceRow | null | undefined;
  /** The super administrator's hospitals (code, name); null: the caller's own hospital. */
  hospitals: { value: string; label: string }[] | null;
  onClose: (saved: CallDeviceSaved | null) => void;
}

type Values = Omit<CallDeviceSave, 'status'> & { status: boolean };
const shape = CallDeviceSaveSchema.shape;

/** Create or edit a call device: name, hospital, department, rooms, display and voice settings (shared ranges). */
export function CallDeviceForm({ row, hospitals, onClose }: Props) {
  const { t } = useTranslation('callDevice');
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (row === undefined) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            ...row.settings,
            name: row.name,
            hospital_code: row.hospital_code,
            department: row.department,
            status: row.status === 1,
            rooms: row.rooms.map((r) => ({ room_name: r.room_name })),
          }
        : { ...CALL_SETTING_DEFAULTS, status: true, rooms: [{ room_name: '' }] },
    );
  }, [row, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    const saved = await saveCallDevice({ ...v, status: v.status ? 1 : 0, ...(row ? { pk: row.pk } : {}) });
    onClose(saved);
  });

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('edit') : t('new')}
      width={880}
      onCancel={() => onClose(null)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('call-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="call-form">
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name, t('nameRule'))]}>
              <Input maxLength={64} data-testid="call-form-name" />
            </Form.Item>
          </Col>
          {hospitals && (
            <Col xs={24} sm={12} lg={8}>
              <Form.Item
                name="hospital_code"
                label={t('fields.hospital')}
                rules={[{ required: true, message: t('hospitalRule') }]}
              >
                <Select
                  options={hospitals}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="call-form-hospital"
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12} lg={hospitals ? 5 : 8}>
            <Form.Item
              name="department"
              label={t('fields.department')}
              rules={[zodRule(shape.department, t('departmentRule'))]}
            >
              <Input maxLength={64} data-testid="call-form-department" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={3}>
            <Form.Item name="status" label={t('fields.status')} valuePropName="checked">
              <Switch data-testid="call-form-status" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('sections.rooms')}</Divider>
        <Form.List name="rooms">
          {(fields, { add, remove }) => (
            <Space wrap align="start" data-testid="call-form-rooms">
              {fields.map((f) => (
                <Space.Compact key={f.key}>
                  <Form.Item name={[f.name, 'room_name']} rules={[zodRule(RoomNameSchema, t('roomRule'))]} noStyle>
                    <Input placeholder={t('fields.room_name')} style={{ width: 150 }} data-testid="call-form-room" />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('removeRoom')} />
                </Space.Compact>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ room_name: '' })} data-testid="call-form-add-room">
                {t('addRoom')}
              </Button>
            </Space>
          )}
        </Form.List>
        <Divider titlePlacement="start">{t('sections.display')}</Divider>
        <Row gutter={16}>
          <NumberSetting name="screen_width" />
          <NumberSetting name="screen_height" />
          <NumberSetting name="switch_interval" />
          <NumberSetting name="scroll_interval" />
          <NumberSetting name="scroll_step" />
          <NumberSetting name="scree_interval" />
          <NumberSetting name="call_duration" />
          <NumberSetting name="new_message_count" />
          <NumberSetting name="countdown" />
          <NumberSetting name="title_font_size" />
          <NumberSetting name="font_size" />
          <CallTypeSetting />
          <ColourSetting name="title_bg_color" />
          <ColourSetting name="font_color" />
          <ColourSetting name="bg_color" />
          <ColourSetting name="border_color" />
          <MarqueeSetting />
        </Row>
        <Divider titlePlacement="start">{t('sections.voice')}</Divider>
        <Row gutter={16}>
          <NumberSetting name="voice_tone" />
          <NumberSetting name="voice_speed" />
          <NumberSetting name="voice_volume" />
          <NumberSetting name="play_times" />
        </Row>
      </Form>
    </Modal>
  );
}
