import { Col, Form, Input, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, PASSWORD_MAX, STRONG_PASSWORD_RE } from '@shared/constants';
import { UserSaveSchema } from '@shared/schemas/admin-user';
import { zodRule } from '@web/components/form/zod-rule';

const shape = UserSaveSchema.shape;
/** The shared schema's rule for a filled field; an empty one is left to the "required" rule (or may stay empty). */
const filledRule = (schema: Parameters<typeof zodRule>[0], message: string) =>
  zodRule(schema, message, { skipEmpty: true });
const required = (message: string): Rule => ({ required: true, whitespace: true, message });

interface Props {
  /** A new user also gets a password. */
  isNew: boolean;
  /** The password must match the strong-password rule. */
  strong: boolean;
  onUsernameBlur: () => void;
}

/** The user's own fields (name, password, contact, department): columns of the user form's row. */
export function UserDetailFields({ isNew, strong, onUsernameBlur }: Props) {
  const { t } = useTranslation('adminUser');
  return (
    <>
      <Col span={12}>
        <Form.Item
          name="username"
          label={t('fields.username')}
          rules={[required(t('rules.usernameRequired')), filledRule(shape.username, t('rules.username'))]}
          validateTrigger="onBlur"
        >
          <Input maxLength={64} onBlur={onUsernameBlur} data-testid="user-form-username" />
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
      {isNew && (
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
        <Form.Item name="en_name" label={t('fields.en_name')} rules={[filledRule(shape.en_name, t('rules.tooLong'))]}>
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
    </>
  );
}
