import { Col, Form, Input, Modal, Radio, Row, Select, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, PASSWORD_MAX, STRONG_PASSWORD_RE } from '@shared/constants';
import type { RoleRow } from '@shared/schemas/admin-role';
import { UserSaveSchema, type AdminUserRow, type UserSave } from '@shared/schemas/admin-user';
import { useFormSave } from '@web/components/form/use-form-save';
import { zodRule } from '@web/components/form/zod-rule';
import { isApiError } from '@web/lib/api-error';
import { testIdProp } from '@web/lib/test-id';
import { saveUser, useHospitalOptions, useRegionOptions, useStrongPasswords, usernameTaken } from '../api/users-api';
import { roleName } from '../lib/user-list';

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
/** The shared schema's rule for a filled field; an empty one is left to the "required" rule (or may stay empty). */
const filledRule = (schema: Parameters<typeof zodRule>[0], message: string) =>
  zodRule(schema, message, { skipEmpty: true });

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
        ? { ...row, role_pk: row.role_pk ?? undefined, gender: row.gender as UserSave['gender'] }
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

  const required = (message: string): Rule => ({ required: true, whitespace: true, message });
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
          <Col span={12}>
            <Form.Item
              name="username"
              label={t('fields.username')}
              rules={[required(t('rules.usernameRequired')), filledRule(shape.username, t('rules.username'))]}
              validateTrigger="onBlur"
            >
              <Input maxLength={64} onBlur={() => void checkUsername()} data-testid="user-form-username" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="ch_name"
              label={t('fields.ch_name')}
              rules={[required(t('rules.ch_name')), filledRule(shape.ch_name, t('rules.ch_name'))]}
            >
              <Input maxLength={NAME_MAX} data-testid="user-form-ch-name" />
            </Form.Item>
          </Col>
          {!row && (
            <Col span={12}>
              <Form.Item
                name="password"
                label={t('fields.password')}
                rules={[
                  required(t('rules.passwordRequired')),
                  strong
                    ? { pattern: STRONG_PASSWORD_RE, message: t('rules.passwordStrong') }
                    : filledRule(shape.password, t('rules.password')),
                ]}
              >
                <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" data-testid="user-form-password" />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item
              name="en_name"
              label={t('fields.en_name')}
              rules={[filledRule(shape.en_name, t('rules.tooLong'))]}
            >
              <Input maxLength={NAME_MAX} data-testid="user-form-en-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="gender" label={t('fields.gender')}>
              <Radio.Group
                data-testid="user-form-gender"
                options={[
                  { value: 'M', label: t('gender.M') },
                  { value: 'F', label: t('gender.F') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label={t('fields.phone')} rules={[filledRule(shape.phone, t('rules.phone'))]}>
              <Input maxLength={11} data-testid="user-form-phone" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="email" label={t('fields.email')} rules={[filledRule(shape.email, t('rules.email'))]}>
              <Input maxLength={128} data-testid="user-form-email" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="department"
              label={t('fields.department')}
              rules={[filledRule(shape.department, t('rules.tooLong'))]}
            >
              <Input maxLength={64} data-testid="user-form-department" />
            </Form.Item>
          </Col>
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
        </Row>
      </Form>
    </Modal>
  );
}
