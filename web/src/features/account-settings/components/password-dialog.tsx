import { Alert, App, Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, STRONG_PASSWORD_RE } from '@shared/constants';
import type { UpdatePassword } from '@shared/schemas/account';
import { useUpdatePassword } from '../api/update-password';

interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** After an administrator's reset: no way to close it but changing the password (or `exit`, signing out). */
  forced?: { notice: string; exit: ReactNode };
}

/** Password change: old, new (6 to 16 with a-z, A-Z, 0-9), repeat; the server checks the same rules. */
export function PasswordDialog({ open, onClose, forced }: PasswordDialogProps) {
  const { t } = useTranslation('account');
  return (
    <Modal
      open={open}
      title={t('password.title')}
      footer={null}
      destroyOnHidden
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          title={forced.notice}
          style={{ marginBottom: 16 }}
          data-testid="password-forced"
        />
      )}
      <PasswordForm onDone={onClose} />
      {forced && <div style={{ marginTop: 12, textAlign: 'center' }}>{forced.exit}</div>}
    </Modal>
  );
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<UpdatePassword>();
  const update = useUpdatePassword();

  const onFinish = (v: UpdatePassword) =>
    update.mutate(v, {
      onSuccess: (msg) => {
        void message.success(msg);
        onDone();
      },
    });

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} autoComplete="off" data-testid="password-form">
      {update.error && (
        <Form.Item>
          <Alert type="error" showIcon title={update.error.message} data-testid="password-error" />
        </Form.Item>
      )}
      <Form.Item
        name="old_password"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        <Input.Password maxLength={PASSWORD_MAX} data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('password.new')}
        rules={[
          { required: true, message: t('password.newRequired') },
          { pattern: STRONG_PASSWORD_RE, message: t('password.policy') },
        ]}
      >
        <Input.Password maxLength={PASSWORD_MAX} data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="repeat_password"
        label={t('password.repeat')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('password.repeatRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('new_password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password maxLength={PASSWORD_MAX} data-testid="password-repeat" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={update.isPending} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
