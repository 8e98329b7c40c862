import { Form, Input, InputNumber, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionNode, RegionSave } from '@shared/schemas/admin-org';
import { useFormSave } from '@web/components/form/use-form-save';
import { testIdProp } from '@web/lib/test-id';
import { saveRegion } from '../api/org-api';

/** Adding a child (parent set) or renaming a node (node set). */
export type RegionEdit = { parent: RegionNode | null; node?: undefined } | { node: RegionNode; parent?: undefined };

export function RegionForm({ edit, onClose }: { edit: RegionEdit | undefined; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('adminOrg');
  const [form] = Form.useForm<RegionSave>();
  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    if (edit.node) form.setFieldsValue(edit.node);
  }, [edit, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    const target = edit?.node
      ? { pk: edit.node.pk, parent_pk: edit.node.parent_pk }
      : { parent_pk: edit?.parent?.pk ?? null };
    await saveRegion({ ...v, ...target });
    onClose(true);
  });

  const title = edit?.node
    ? t('region.rename')
    : edit?.parent
      ? t('region.addChildOf', { name: edit.parent.name })
      : t('region.addRoot');
  return (
    <Modal
      open={!!edit}
      title={title}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('region-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="region-form">
        <Form.Item
          name="code"
          label={t('region.code')}
          rules={[{ required: true, max: 32, pattern: /^[A-Za-z0-9._-]+$/, message: t('hospital.keyRule') }]}
        >
          <Input data-testid="region-form-code" />
        </Form.Item>
        <Form.Item name="name" label={t('region.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
          <Input data-testid="region-form-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('region.name_en')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sort" label={t('region.sort')}>
          <InputNumber min={0} max={100_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
