import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, REMARK_MAX } from '@shared/constants';
import { RoleSaveSchema, type RoleRow, type RoleSave } from '@shared/schemas/admin-role';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveRole } from '../api/roles-api';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: RoleRow | null | undefined;
  onClose: (saved: boolean) => void;
}

const shape = RoleSaveSchema.shape;

/** Create or edit a role (code, names, note) with the server's rules. */
export function RoleForm({ row, onClose }: Props) {
  const { t } = useTranslation('adminUser');
  const [form] = Form.useForm<RoleSave>();
  const open = row !== undefined;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(row);
  }, [open, row, form]);

  const { saving, submit } = useFormSave(form, async (v) => {
    await saveRole({ ...v, ...(row ? { pk: row.pk } : {}) });
    onClose(true);
  });

  return (
    <Modal
      open={open}
      title={row ? t('roles.editTitle', { name: row.name }) : t('roles.new')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('role-form-save')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="role-form" autoComplete="off">
        <Form.Item name="code" label={t('roles.code')} rules={[zodRule(shape.code, t('roles.codeRule'))]}>
          <Input maxLength={64} data-testid="role-form-code" />
        </Form.Item>
        <Form.Item name="name" label={t('roles.name')} rules={[zodRule(shape.name, t('roles.nameRule'))]}>
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
