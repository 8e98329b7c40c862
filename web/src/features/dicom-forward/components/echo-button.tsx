import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@web/lib/feedback';
import { echoDevice } from '../api/forward-api';

/** The device screen's "test connection" (C-ECHO): the round-trip time, or why it failed. */
export function EchoButton({ pk }: { pk: number }) {
  const { t } = useTranslation('dicomForward');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await echoDevice(pk);
      if (r.ok) void feedback().message.success(r.msg);
      else void feedback().message.error(r.msg, 6);
    } catch {
      // the request layer showed the failure
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" loading={busy} onClick={() => void run()} data-testid="device-echo">
      {busy ? t('echoing') : t('echo')}
    </Button>
  );
}
