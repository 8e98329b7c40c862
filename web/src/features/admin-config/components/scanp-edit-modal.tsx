import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODALITIES, NAME_MAX, NAME_MIN } from '@shared/constants';
import type { ScanItemRow, ScanItemSave } from '@shared/schemas/scan-item';
import { useFormSave } from '@web/components/form/use-form-save';
import { testIdProp } from '@web/lib/test-id';
import { scanpApi } from '../api/scanp-api';
import { isMoney, isPositiveWhole } from '../lib/scanp-list';

type FormValues = Omit<ScanItemSave, 'scanp_id'>;

/**
 * Adds (row null) or edits a scan item with the spec's checks; the server's duplicate check (same
 * description within the hospital and modality) shows on the description field.
 */
export function ScanpEditModal(props: {
  row: ScanItemRow | null;
  isSuper: boolean;
  onClose: (changed: boolean) => void;
}) {
  const { row, isSuper, onClose } = props;
  const { t } = useTranslation('adminConfig');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const { saving, save } = useFormSave(form, async (v) => {
    const { other_price, hospital_code, ...rest } = v;
    await scanpApi.save({
      ...rest,
      ...(other_price === null || other_price === undefined ? {} : { other_price }),
      ...(isSuper ? { hospital_code: hospital_code ?? '' } : {}),
      ...(row ? { scanp_id: row.scanp_id } : {}),
    });
    void message.success(t('common.saved'));
    onClose(true);
  });
  const money = (required: boolean) => ({
    validator: async (_: unknown, v: unknown) => {
      if ((v === null || v === undefined) && !required) return;
      if (!isMoney(v)) throw new Error(t('scanp.moneyRule'));
    },
  });
  const whole = {
    validator: async (_: unknown, v: unknown) => {
      if (!isPositiveWhole(v)) throw new Error(t('scanp.wholeRule'));
    },
  };
  return (
    <Modal
      open
      width={640}
      title={row ? t('scanp.editTitle', { name: row.description }) : t('scanp.newTitle')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={testIdProp('scanp-save')}
      destroyOnHidden
      data-testid="scanp-modal"
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void save(v)}
        initialValues={
          row
            ? { ...row, other_price: row.other_price ?? undefined }
            : { partnum: 1, coefficient: 1, code: '', custom_code: '', en: '', hospital_code: undefined }
        }
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}
      >
        <Form.Item
          name="description"
          label={t('scanp.description')}
          rules={[
            { required: true, whitespace: true },
            { min: NAME_MIN, max: NAME_MAX },
          ]}
        >
          <Input maxLength={NAME_MAX} data-testid="scanp-form-description" />
        </Form.Item>
        <Form.Item name="modality" label={t('scanp.modality')} rules={[{ required: true }]}>
          <Select options={MODALITIES.map((m) => ({ value: m, label: m }))} data-testid="scanp-form-modality" />
        </Form.Item>
        <Form.Item name="cost" label={t('scanp.cost')} rules={[{ required: true }, money(true)]}>
          <InputNumber min={0} step={0.01} style={{ width: '100%' }} data-testid="scanp-form-cost" />
        </Form.Item>
        <Form.Item name="other_price" label={t('scanp.otherPrice')} rules={[money(false)]}>
          <InputNumber min={0} step={0.01} style={{ width: '100%' }} data-testid="scanp-form-other-price" />
        </Form.Item>
        <Form.Item name="partnum" label={t('scanp.partnum')} rules={[whole]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="scanp-form-partnum" />
        </Form.Item>
        <Form.Item name="coefficient" label={t('scanp.coefficient')} rules={[whole]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="scanp-form-coefficient" />
        </Form.Item>
        <Form.Item name="code" label={t('scanp.code')}>
          <Input maxLength={64} data-testid="scanp-form-code" />
        </Form.Item>
        <Form.Item name="custom_code" label={t('scanp.customCode')}>
          <Input maxLength={64} data-testid="scanp-form-custom-code" />
        </Form.Item>
        <Form.Item name="en" label={t('scanp.en')}>
          <Input maxLength={128} data-testid="scanp-form-en" />
        </Form.Item>
        {isSuper && (
          <Form.Item name="hospital_code" label={t('scanp.hospitalCode')}>
            <Input maxLength={32} placeholder={t('scanp.installationWide')} data-testid="scanp-form-hospital-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
