import { Col, Form, Modal, Row, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@shared/schemas/admin-role';
import { UserSaveSchema, type AdminUserRow, type UserSave } from '@shared/schemas/admin-user';
import { useFormSave } from '@web/components/form/use-form-save';
import { isApiError } from '@web/lib/api-error';
import { testIdProp } from '@web/lib/test-id';
import { saveUser, useHospitalOptions, useRegionOptions, useStrongPasswords, usernameTaken } from '../api/users-api';
import { roleName } from '../lib/user-list';
import { UserDetailFields } from './user-detail-fields';
import { UserModalitiesField } from './user-modalities-field';
import { UserSignField } from './user-sign-field';

interface Props {
  /** null: create; a row: edit; undefined: closed. */
  row: AdminUserRow | null | undefined;
  roles: readonly RoleRow[];
  /** The super administrator picks the hospital; anyone else's users stay in their own. */
  pickHospital: boolean;
  /** The caller's hospital (their users' hospital when they do not pick one). */
  myHospital?: string | undefined;
  onClose: (saved: boolean) => void;
}

const shape = UserSaveSchema.shape;

type FormValues = Omit<UserSave, 'pk' | 'status'>;

/**
 * The roles the caller may assign to a user of this hospital (shared ones and the hospital's own), and the
 * edited user's own one (kept when it is not among them).
 */
function roleOptions(roles: readonly RoleRow[], row: AdminUserRow | null | undefined, hospital: string, en: boolean) {
  const options = roles
    .filter((r) => r.hospital_code === null || r.hospital_code === hospital)
    .map((r) => ({ value: r.pk, label: roleName(r, en) }));
  if (row && row.role_pk !== null && !roles.some((r) => r.pk === row.role_pk)) {
    options.push({ value: row.role_pk, label: en ? row.role_name_en : row.role_name });
  }
  return options;
}

/** Create or edit a user with the rules the server applies; the username is checked for duplicates on blur. */
export function UserForm({ row, roles, pickHospital, myHospital, onClose }: Props) {
  const { t, i18n } = useTranslation('adminUser');
  const [form] = Form.useForm<FormValues>();
  const open = row !== undefined;
  const hospitals = useHospitalOptions(pickHospital && open);
  const regions = useRegionOptions(open);
  const strong = useStrongPasswords();
  const en = i18n.language === 'en-US';
  // Anyone but the super administrator manages their own hospital's users: their roles list is already theirs.
  const chosenHospital = Form.useWatch('hospital_code', form) as string | undefined;
  const hospital = pickHospital ? (chosenHospital ?? '') : (myHospital ?? '');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            ...row,
            role_pk: row.role_pk ?? undefined,
            gender: row.gender as UserSave['gender'],
            data2: row.data2 as FormValues['data2'],
          }
        : { gender: '', hospital_code: '', region: '', department: '' },
    );
  }, [open, row, form]);

  const checkUsername = async () => {
    const username = (form.getFieldValue('username') as string | undefined)?.trim();
    if (!username || !shape.username.safeParse(username).success) return;
    try {
      const taken = await usernameTaken(username, row?.pk);
      if (taken) form.setFields([{ name: 'username', errors: [taken] }]);
    } catch (e) {
      if (!isApiError(e)) throw e;
    }
  };

  const { saving, submit } = useFormSave(form, async (v) => {
    await saveUser({ ...v, ...(row ? { pk: row.pk, status: row.status } : {}) });
    onClose(true);
  });

  return (
    <Modal
      open={open}
      title={row ? t('actions.editTitle', { name: row.ch_name || row.username }) : t('actions.new')}
      width={720}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={saving}
      okButtonProps={testIdProp('user-form-save')}
      cancelButtonProps={testIdProp('user-form-cancel')}
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="user-form" autoComplete="off">
        <Row gutter={16}>
          <UserDetailFields isNew={!row} strong={strong} onUsernameBlur={() => void checkUsername()} />
          <Col span={12}>
            <Form.Item
              name="role_pk"
              label={t('fields.role')}
              rules={[{ required: true, message: t('rules.roleRequired') }]}
            >
              <Select data-testid="user-form-role" options={roleOptions(roles, row, hospital, en)} />
            </Form.Item>
          </Col>
          {pickHospital && (
            <Col span={12}>
              <Form.Item name="hospital_code" label={t('fields.hospital')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={hospitals.isLoading}
                  data-testid="user-form-hospital"
                  options={(hospitals.data?.list ?? []).map((h) => ({ value: h.code, label: h.name }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="region" label={t('fields.region')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                loading={regions.isLoading}
                treeData={regions.data ?? []}
                data-testid="user-form-region"
              />
            </Form.Item>
          </Col>
          <UserModalitiesField />
        </Row>
      </Form>
      {row && <UserSignField pk={row.pk} />}
    </Modal>
  );
}
