import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, REMARK_MAX } from '@shared/constants';
import { RoleSaveSchema, type RoleRow, type RoleSave } from '@shared/schemas/admin-role';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { testIdProp } from '@web/lib/test-id';
import { saveRole } from '../api/roles-api';
import { useHospitalOptions } from '../api/users-api';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: RoleRow | null | undefined;
  /** The super administrator chooses a new role's hospital (or none: shared); anyone else's are their own. */
  pickHospital: boolean;
  onClose: (saved: boolean) => void;
}

const shape = RoleSaveSchema.shape;

/** Create or edit a role (code, names, note) with the server's rules. */
export function RoleForm({ row, pickHospital, onClose }: Props) {
  const { t } = useTranslation('adminUser');
  const [form] = Form.useForm<RoleSave>();
  const open = row !== undefined;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue({ ...row, hospital_code: row.hospital_code ?? '' });
    else form.setFieldsValue({ hospital_code: '' });
  }, [open, row, form]);
  const hospitals = useHospitalOptions(pickHospital && open);

  const { saving, submit } = useFormSave(form, async (v) => {
    const { hospital_code, ...rest } = v;
    // A role's hospital is fixed once created; only the super administrator names one.
    await saveRole({ ...rest, ...(row ? { pk: row.pk } : pickHospital ? { hospital_code } : {}) });
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
        {pickHospital && (
          <Form.Item name="hospital_code" label={t('roles.hospital')} extra={t('roles.sharedHint')}>
            <Select
              disabled={!!row}
              loading={hospitals.isLoading}
              data-testid="role-form-hospital"
              options={[
                { value: '', label: t('roles.shared') },
                ...(hospitals.data?.list ?? []).map((h) => ({ value: h.code, label: h.name })),
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('roles.note')}>
          <Input.TextArea maxLength={REMARK_MAX} rows={2} data-testid="role-form-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
