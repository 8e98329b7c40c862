import { Alert, App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CERT_BIND_PIN_MAX } from '@shared/schemas/cert';
import { certBind, rememberBinding } from '../api/cert';
import { useCertBridge } from '../lib/cert-bridge';
import { describeFailure } from '../lib/describe-failure';
import { proveKey } from '../lib/sign-flow';
import { PinForm, type PinFormValues } from './pin-form';

/** Proves possession of the inserted key (PIN 6 to 19) and binds its certificate to the signed-in user. */
export function BindDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { message, notification } = App.useApp();
  const bridge = useCertBridge();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setError('');
    onClose();
  };

  const submit = async ({ certificate_id, pin }: PinFormValues) => {
    setBusy(true);
    setError('');
    try {
      const { binding, msg } = await certBind(await proveKey(bridge, 'bind', pin, certificate_id));
      rememberBinding(binding);
      void message.success(msg);
      if (binding.warning) notification.warning({ title: t('cert.expiryTitle'), description: binding.warning });
      close();
    } catch (e) {
      setError(describeFailure(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('cert.bindTitle')} footer={null} destroyOnHidden onCancel={close}>
      <div data-testid="cert-bind-dialog">
        {bridge.keys.length === 0 ? (
          <Alert type="info" showIcon title={t('cert.insertKey')} data-testid="cert-bind-insert" />
        ) : (
          <PinForm
            keys={bridge.keys}
            pinMax={CERT_BIND_PIN_MAX}
            busy={busy}
            error={error}
            submitText={t('cert.bindSubmit')}
            onSubmit={(v) => void submit(v)}
            testIdPrefix="cert-bind"
          />
        )}
      </div>
    </Modal>
  );
}
