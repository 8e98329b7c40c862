import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PASSWORD_MAX } from '@shared/constants';
import { EMAIL_MAX, type Register, type RegisterResult } from '@shared/schemas/registration';
import { useFormSave } from '@web/components/form/use-form-save';
import { useRegister } from '../api/registration';
import { registerRules } from '../lib/register-rules';
import { MobileCaptchaFields } from './mobile-captcha-fields';
import { PasswordStrength } from './password-strength';

interface RegisterFormProps {
  /** The installation's password policy (use_password_check 'Y': a lowercase, an uppercase letter and a digit). */
  strictPassword: boolean;
  onRegistered: (result: RegisterResult) => void;
}

/** The registration form: every rule of spec section 5 live, the server's refusals beside their fields. */
export function RegisterForm({ strictPassword, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('registration');
  const [form] = Form.useForm<Register>();
  const password = Form.useWatch('password', form) ?? '';
  // Rebuilt with the language (t changes with it), so the rules' messages follow a switch.
  const rules = useMemo(() => registerRules(t, form, strictPassword), [t, form, strictPassword]);
  const register = useRegister();
  const { saving, save } = useFormSave(form, async (v: Register) => {
    onRegistered(await register.mutateAsync({ ...v, username: v.username.trim(), email: v.email.trim() }));
  });

  return (
    <Form
      form={form}
      size="large"
      onFinish={(v) => void save(v)}
      autoComplete="off"
      initialValues={{ prefix: '+86' }}
      data-testid="register-form"
    >
      <Form.Item name="username" rules={rules.username}>
        <Input prefix={<UserOutlined />} placeholder={t('username')} maxLength={64} data-testid="register-username" />
      </Form.Item>
      <Form.Item name="email" rules={rules.email}>
        <Input
          prefix={<MailOutlined />}
          placeholder={t('email')}
          maxLength={EMAIL_MAX}
          inputMode="email"
          data-testid="register-email"
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('password')}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          data-testid="register-password"
        />
      </Form.Item>
      <PasswordStrength password={password} />
      <Form.Item name="confirm" dependencies={['password']} rules={rules.confirm}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('confirm')}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          data-testid="register-confirm"
        />
      </Form.Item>
      <MobileCaptchaFields rules={rules} />
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={saving} data-testid="register-submit">
          {t('submit')}
        </Button>
      </Form.Item>
      <div style={{ textAlign: 'center' }}>
        <Link to="/user/login" data-testid="register-to-login">
          {t('toLogin')}
        </Link>
      </div>
    </Form>
  );
}
