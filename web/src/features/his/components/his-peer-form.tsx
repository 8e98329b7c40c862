import { Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HIS_CHARSETS, Hl7PeerSaveSchema, type Hl7PeerRow, type Hl7PeerSave } from '@shared/schemas/his';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveHisPeer } from '../api/his-api';
import { CHARSET_KEYS, isHisCharset } from '../lib/his-peer';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: Hl7PeerRow | null | undefined;
  /** The super administrator's hospitals (code, name); null: the caller's own hospital. */
  hospitals: { value: string; label: string }[] | null;
  onClose: (saved: boolean) => void;
}

type Values = Omit<Hl7PeerSave, 'pk' | 'status' | 'result_port'> & { status: boolean; result_port: number | null };

const shape = Hl7PeerSaveSchema.shape;

/** Results go to a host and port given together, or nowhere: the other half is checked too. */
const bothOrNeither =
  (other: keyof Values, message: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value && getFieldValue(other)) throw new Error(message);
    },
  });

function initialValues(row: Hl7PeerRow | null): Partial<Values> {
  if (!row) return { charset: 'UNICODE UTF-8', facility: '', result_host: '', result_port: null, status: true };
  return {
    name: row.name,
    hospital_code: row.hospital_code,
    address: row.address,
    facility: row.facility,
    ...(isHisCharset(row.charset) ? { charset: row.charset } : {}),
    result_host: row.result_host,
    result_port: row.result_port || null,
    status: row.status === 1,
  };
}

/** Create or edit an HIS interface, validated by the shared schema the server uses. */
export function HisPeerForm({ row, hospitals, onClose }: Props) {
  const { t } = useTranslation('his');
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (row === undefined) return;
    form.resetFields();
    form.setFieldsValue(initialValues(row));
  }, [row, form]);
  const charsets = useMemo(() => HIS_CHARSETS.map((c) => ({ value: c, label: t(`charsets.${CHARSET_KEYS[c]}`) })), [t]);

  const { saving, submit } = useFormSave(form, async (v) => {
    await saveHisPeer({
      ...v,
      result_host: v.result_host ?? '',
      result_port: v.result_port ?? 0,
      status: v.status ? 1 : 0,
      ...(row ? { pk: row.pk } : {}),
    });
    onClose(true);
  });

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('edit') : t('new')}
      width={680}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('his-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="his-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name, t('rules.name'))]}>
              <Input maxLength={64} data-testid="his-form-name" />
            </Form.Item>
          </Col>
          {hospitals && (
            <Col xs={24} sm={12}>
              <Form.Item
                name="hospital_code"
                label={t('fields.hospital')}
                rules={[{ required: true, message: t('rules.hospital') }]}
              >
                <Select
                  options={hospitals}
                  showSearch={{ optionFilterProp: 'label' }}
                  data-testid="his-form-hospital"
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              name="address"
              label={t('fields.address')}
              tooltip={t('help.address')}
              required
              rules={[zodRule(shape.address, t('rules.address'))]}
            >
              <Input placeholder="10.0.8.21" data-testid="his-form-address" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="facility"
              label={t('fields.facility')}
              tooltip={t('help.facility')}
              rules={[zodRule(shape.facility, t('rules.facility'))]}
            >
              <Input maxLength={64} data-testid="his-form-facility" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="charset" label={t('fields.charset')} tooltip={t('help.charset')}>
              <Select options={charsets} popupMatchSelectWidth={false} data-testid="his-form-charset" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <ResultAddressItem />
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('fields.status')} valuePropName="checked">
              <Switch data-testid="his-form-status" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Where results go: host and port in one row, both or neither (the server checks the host's policy). */
function ResultAddressItem() {
  const { t } = useTranslation('his');
  return (
    <Form.Item label={t('fields.result')} tooltip={t('help.result')}>
      <Space.Compact block>
        <Form.Item
          name="result_host"
          noStyle
          dependencies={['result_port']}
          rules={[zodRule(shape.result_host, t('rules.address')), bothOrNeither('result_port', t('rules.resultBoth'))]}
        >
          <Input placeholder={t('fields.result_host')} data-testid="his-form-result-host" />
        </Form.Item>
        <Form.Item
          name="result_port"
          noStyle
          dependencies={['result_host']}
          rules={[
            zodRule(shape.result_port, t('rules.port'), { skipEmpty: true }),
            bothOrNeither('result_host', t('rules.resultBoth')),
          ]}
        >
          <InputNumber
            min={1}
            max={65535}
            placeholder={t('fields.result_port')}
            style={{ width: 110, flex: 'none' }}
            data-testid="his-form-result-port"
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
