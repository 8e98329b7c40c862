import { LockOutlined, QrcodeOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, STRONG_PASSWORD_RE } from '@shared/constants';
import type { FootTitle, LoginResult } from '@shared/schemas/auth';
import { isApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';
import { fetchUseCaptcha, useLogin } from '../api/login';
import { captchaForcedLocally, countLoginFailure, newCaptchaKey } from '../lib/login-memory';

// Shown only after failed sign-ins: loaded then, so the sign-in page's first script stays within its budget.
const CaptchaField = lazy(async () => ({ default: (await import('./captcha-field')).CaptchaField }));

interface LoginFormValues {
  username: string;
  password: string;
  inputCode?: string;
}

interface LoginFormProps<R> {
  foot: FootTitle | undefined;
  /** Sends the credentials form: the platform's own sign-in (postLogin), or another one (third-party authorisation). */
  send: (form: Record<string, string>) => Promise<R>;
  onSuccess: (result: R) => void;
  /** Only the credentials and the submit button (no QR code or new-version links). */
  compact?: boolean;
  /** The submit button's text, when not the sign-in page's own. */
  submitText?: string;
  /** The QR sign-in icon's action (the app mounts the messaging-app sign-in); unset: "not configured". */
  onQr?: () => void;
}

/** Required; the strong-password rule where the hospital's settings ask for it. */
const passwordRules = (t: TFunction<'auth'>, foot: FootTitle | undefined) => [
  { required: true, message: t('login.passwordRequired') },
  ...(foot?.use_password_check === 'Y' ? [{ pattern: STRONG_PASSWORD_RE, message: t('login.passwordPolicy') }] : []),
];

export function LoginForm<R = LoginResult>({ foot, send, onSuccess, compact, submitText, onQr }: LoginFormProps<R>) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginFormValues>();
  const [captchaOn, setCaptchaOn] = useState(captchaForcedLocally);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [error, setError] = useState('');
  /** The refusal's error id: a registration awaiting its mail link or an administrator is a notice, not a failure. */
  const [errorId, setErrorId] = useState('');
  const login = useLogin(foot, send);

  /** Shows the captcha when the server requires it (always, or for this username after failures). */
  const askServer = (username?: string) =>
    fetchUseCaptcha(username).then(
      (on) => on && setCaptchaOn(true),
      () => undefined,
    );

  useEffect(() => {
    void askServer();
  }, []);

  const refreshCaptcha = () => {
    setCaptchaKey(newCaptchaKey());
    form.setFieldValue('inputCode', '');
  };

  const checkUsername = () => {
    const username = String(form.getFieldValue('username') ?? '').trim();
    if (username) void askServer(username);
  };

  const onFinish = (v: LoginFormValues) => {
    setError('');
    setErrorId('');
    login.mutate(
      {
        username: v.username.trim(),
        password: v.password,
        captchaKey: captchaOn ? captchaKey : '',
        inputCode: captchaOn ? (v.inputCode ?? '').trim() : '',
      },
      {
        onSuccess,
        onError: (e) => {
          setError(e.message || t('login.failed'));
          if (!isApiError(e)) return;
          setErrorId(e.error);
          if (e.error === 'BAD_CREDENTIALS') countLoginFailure();
          const needCaptcha = e.captchaRequired || captchaForcedLocally();
          if (needCaptcha) setCaptchaOn(true);
          // A captcha is single use on the server: every failed attempt needs a new one.
          if (needCaptcha || captchaOn) refreshCaptcha();
        },
      },
    );
  };

  return (
    <Form form={form} size="large" onFinish={onFinish} autoComplete="off" data-testid="login-form">
      {error && (
        <Form.Item>
          <Alert
            type={errorId === 'REGISTRATION_PENDING' ? 'warning' : 'error'}
            showIcon
            title={error}
            data-testid="login-error"
            data-error={errorId}
          />
        </Form.Item>
      )}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          aria-label={t('login.username')}
          autoComplete="username"
          maxLength={64}
          onBlur={checkUsername}
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules(t, foot)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX * 4}
          data-testid="login-password"
        />
      </Form.Item>
      {captchaOn && (
        <Suspense fallback={null}>
          <CaptchaField captchaKey={captchaKey} onRefresh={refreshCaptcha} />
        </Suspense>
      )}
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {submitText ?? t('login.submit')}
        </Button>
      </Form.Item>
      {!compact && (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Tooltip title={t('login.qr')}>
            <Button
              type="text"
              icon={<QrcodeOutlined style={{ fontSize: 22 }} />}
              aria-label={t('login.qr')}
              onClick={() => (onQr ? onQr() : void feedback().message.info(t('login.qrNotConfigured')))}
              data-testid="login-qr"
            />
          </Tooltip>
          <Button
            type="link"
            onClick={() => {
              if (foot?.new_web_page_url) window.location.href = foot.new_web_page_url;
              else void feedback().message.error(t('login.newVersionUnset'));
            }}
            data-testid="login-new-version"
          >
            {t('login.newVersion')}
          </Button>
        </div>
      )}
    </Form>
  );
}
