import { Form, Input, Modal, type ButtonProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, REMARK_MAX } from '@shared/constants';
import { RoleSaveSchema, type RoleRow, type RoleSave } from '@shared/schemas/admin-role';
import { saveRole } from '../api/roles-api';
import { showSaveError } from '../lib/field-errors';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: RoleRow | null | undefined;
  onClose: (saved: boolean) => void;
}

const shape = RoleSaveSchema.shape;
const rule = (schema: { safeParse(v: unknown): { success: boolean } }, message: string): Rule => ({
  validator: async (_r, value: unknown) => {
    if (!schema.safeParse(value ?? '').success) throw new Error(message);
  },
});

/** Create or edit a role (code, names, note) with the server's rules. */
export function RoleForm({ row, onClose }: Props) {
  const { t } = useTranslation('adminUser');
  const [form] = Form.useForm<RoleSave>();
  const [saving, setSaving] = useState(false);
  const open = row !== undefined;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(row);
  }, [open, row, form]);

  const submit = async () => {
    // Invalid fields show their messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await saveRole({ ...v, ...(row ? { pk: row.pk } : {}) });
      onClose(true);
    } catch (err) {
      showSaveError(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={row ? t('roles.editTitle', { name: row.name }) : t('roles.new')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'role-form-save' } as ButtonProps}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="role-form" autoComplete="off">
        <Form.Item name="code" label={t('roles.code')} rules={[rule(shape.code, t('roles.codeRule'))]}>
          <Input maxLength={64} data-testid="role-form-code" />
        </Form.Item>
        <Form.Item name="name" label={t('roles.name')} rules={[rule(shape.name, t('roles.nameRule'))]}>
          <Input maxLength={NAME_MAX} data-testid="role-form-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('roles.name_en')}>
          <Input maxLength={NAME_MAX} data-testid="role-form-name-en" />
        </Form.Item>
        <Form.Item name="note" label={t('roles.note')}>
          <Input.TextArea maxLength={REMARK_MAX} rows={2} data-testid="role-form-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
