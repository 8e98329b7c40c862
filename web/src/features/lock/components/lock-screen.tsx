import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, App, Avatar, Button, Form, Input, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '@web/lib/api-error';
import { useSessionStore } from '@web/lib/session-store';
import { signOut } from '@web/lib/sign-out';
import { useUserInfo } from '@web/lib/user-info';
import { useCheckPassword } from '../api/check-password';

export function LockScreen() {
  const { t } = useTranslation('auth');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const check = useCheckPassword();
  const [error, setError] = useState('');
  const [form] = Form.useForm<{ password: string }>();

  // Opening /lock locks the session, so a reload keeps the user here.
  useEffect(() => {
    useSessionStore.getState().setLocked(true);
  }, []);

  const logout = async () => {
    await signOut();
    navigate('/user/login', { replace: true });
  };

  const confirmLogout = () =>
    modal.confirm({
      title: t('lock.logoutConfirm'),
      okText: t('lock.logout'),
      onOk: logout,
    });

  const onFinish = ({ password }: { password: string }) => {
    setError('');
    check.mutate(password, {
      onSuccess: () => {
        useSessionStore.getState().setLocked(false);
        navigate('/orderList', { replace: true });
      },
      onError: (e) => {
        form.setFieldValue('password', '');
        if (isApiError(e) && e.error === 'ACCOUNT_LOCKED') {
          void logout();
          return;
        }
        setError(e.message || t('lock.wrong'));
      },
    });
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0b2a4a 0%, #1d5a94 100%)',
        padding: 16,
      }}
      data-testid="lock-screen"
    >
      <div style={{ width: '100%', maxWidth: 340, textAlign: 'center' }}>
        <Avatar size={88} icon={<LockOutlined />} style={{ background: '#1677ff' }} />
        <Typography.Title level={3} style={{ color: '#fff', margin: '16px 0 24px' }} data-testid="lock-name">
          {info?.user.ch_name || info?.user.username || '\u00a0'}
        </Typography.Title>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="lock-error" />}
        <Form form={form} onFinish={onFinish} size="large">
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password
              placeholder={t('lock.password')}
              prefix={<LockOutlined />}
              autoFocus
              data-testid="lock-password"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            icon={<UnlockOutlined />}
            loading={check.isPending}
            data-testid="lock-submit"
          >
            {t('lock.unlock')}
          </Button>
        </Form>
        <Tooltip title={t('lock.logout')}>
          <Button
            type="text"
            shape="circle"
            icon={<LogoutOutlined />}
            style={{ color: '#fff', marginTop: 24 }}
            aria-label={t('lock.logout')}
            onClick={confirmLogout}
            data-testid="lock-logout"
          />
        </Tooltip>
      </div>
    </div>
  );
}
