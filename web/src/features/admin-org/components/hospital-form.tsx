import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { HospitalRow, HospitalSave } from '@shared/schemas/admin-org';
import { useFormSave } from '@web/components/form/use-form-save';
import { testIdProp } from '@web/lib/test-id';
import { saveHospital, useRegionTree } from '../api/org-api';
import { regionOptions } from '../lib/region-options';
import { HospitalImagesFields } from './hospital-images';

const FLAGS = ['is_return', 'accept_wx_msg', 'use_obs', 'use_obs_download', 'show_parts'] as const;
type FormValues = Omit<HospitalSave, (typeof FLAGS)[number]> & Record<(typeof FLAGS)[number], boolean>;

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: HospitalRow | null | undefined;
  /** sn and code are fixed for anyone but the super administrator. */
  keysEditable: boolean;
  onClose: (saved: boolean) => void;
}

function toForm(r: HospitalRow | null): Partial<FormValues> {
  if (!r) return { qrcode_type: 0, esign: 0, download_limit: 0, region: '' };
  const { pk: _pk, region_name: _r, is_return, accept_wx_msg, use_obs, use_obs_download, show_parts, ...rest } = r;
  const flags = { is_return, accept_wx_msg, use_obs, use_obs_download, show_parts };
  return {
    ...rest,
    ...(Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v === 1])) as Record<
      (typeof FLAGS)[number],
      boolean
    >),
  };
}

/** Create or edit a hospital: the fields of spec section 3; the server checks sn and code are free. */
export function HospitalForm({ row, keysEditable, onClose }: Props) {
  const { t } = useTranslation('adminOrg');
  const [form] = Form.useForm<FormValues>();
  const regions = useRegionTree();
  useEffect(() => {
    if (row !== undefined) {
      form.resetFields();
      form.setFieldsValue(toForm(row));
    }
  }, [row, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    const flags = Object.fromEntries(FLAGS.map((f) => [f, v[f] ? 1 : 0]));
    await saveHospital({ ...v, ...flags, region: v.region ?? '', ...(row ? { pk: row.pk } : {}) });
    onClose(true);
  });

  return (
    <Modal
      open={row !== undefined}
      title={row ? t('hospital.edit') : t('hospital.new')}
      width={760}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('hospital-form-save')}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="hospital-form">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="sn"
              label={t('hospital.sn')}
              rules={[{ required: true, max: 32, pattern: /^[A-Za-z0-9._-]+$/, message: t('hospital.keyRule') }]}
            >
              <Input disabled={!keysEditable} data-testid="hospital-form-sn" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="code"
              label={t('hospital.code')}
              rules={[{ required: true, max: 32, pattern: /^[A-Za-z0-9._-]+$/, message: t('hospital.keyRule') }]}
            >
              <Input disabled={!keysEditable} data-testid="hospital-form-code" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="region" label={t('hospital.region')}>
              <TreeSelect allowClear treeData={regionOptions(regions.data ?? [])} data-testid="hospital-form-region" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={t('hospital.name')} rules={[{ required: true, whitespace: true, max: 128 }]}>
              <Input data-testid="hospital-form-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="address" label={t('hospital.address')} rules={[{ max: 256 }]}>
              <Input data-testid="hospital-form-address" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title1" label={t('hospital.title1')} rules={[{ max: 128 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="title2" label={t('hospital.title2')} rules={[{ max: 128 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="qrcode_type" label={t('hospital.qrcode_type')}>
              <Select options={[0, 1, 2].map((v) => ({ value: v, label: t(`hospital.qrcode.${v as 0 | 1 | 2}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="esign" label={t('hospital.esign_label')} tooltip={t('hospital.esign_hint')}>
              <Select
                data-testid="hospital-form-esign"
                options={[0, 1, 2].map((v) => ({ value: v, label: t(`hospital.esign.${v as 0 | 1 | 2}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="download_limit" label={t('hospital.download_limit')}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {FLAGS.map((f) => (
            <Col span={8} key={f}>
              <Form.Item name={f} label={t(`hospital.${f}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
          <Col span={24}>
            <Form.Item name="note" label={t('hospital.note')} rules={[{ max: 512 }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {row && <HospitalImagesFields pk={row.pk} />}
    </Modal>
  );
}
