import { Modal, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCertBridge } from '../lib/cert-bridge';
import type { CertLoginBodyProps } from './cert-login-body';

// The PIN form (antd Select, the signing flow) loads when a key is present, not with the login page.
const CertLoginBody = lazy(() => import('./cert-login-body'));

/** Opens while a USB key is present (unless dismissed for this insertion) and closes when it is removed. */
export function CertLoginDialog({ onSuccess }: CertLoginBodyProps) {
  const { t } = useTranslation('account');
  const bridge = useCertBridge();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const open = bridge.keys.length > 0 && dismissedAt !== bridge.insertions;
  return (
    <Modal
      open={open}
      title={t('cert.loginTitle')}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => setDismissedAt(bridge.insertions)}
    >
      <Suspense fallback={<Spin />}>
        <CertLoginBody onSuccess={onSuccess} />
      </Suspense>
    </Modal>
  );
}
