import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge, BridgeError, type OpenOutcome } from '../bridge';
import { parseStationUid } from '../lib/station-uid';

type Outcome = { kind: 'opening' } | { kind: 'done'; r: OpenOutcome } | { kind: 'failed'; msg: string };

/** OpenImageStation: opens the study in the local viewer and says which way it went. */
export function OpenStationPage({ rawUid }: { rawUid: string }) {
  const { t } = useTranslation('bridge');
  const uid = parseStationUid(rawUid);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'opening' });
  const started = useRef('');

  useEffect(() => {
    if (!uid || started.current === rawUid) return;
    started.current = rawUid;
    bridge.openStudy(uid).then(
      (r) => setOutcome({ kind: 'done', r }),
      (e: unknown) => setOutcome({ kind: 'failed', msg: e instanceof BridgeError ? e.message : String(e) }),
    );
  }, [uid, rawUid]);

  const close = (
    <Button key="close" onClick={() => window.close()} data-testid="station-close">
      {t('station.close')}
    </Button>
  );
  if (!uid)
    return <Result status="warning" title={t('station.badUid')} data-testid="station-result" data-outcome="bad-uid" />;
  if (outcome.kind === 'opening') {
    return <Result icon={<Spin size="large" />} title={t('station.opening')} data-testid="station-opening" />;
  }
  if (outcome.kind === 'failed') {
    return (
      <Result
        status="error"
        title={t('station.failed', { msg: outcome.msg })}
        extra={[close]}
        data-testid="station-result"
        data-outcome="failed"
      />
    );
  }
  const { r } = outcome;
  if (r.via === 'protocol') {
    return (
      <Result
        status="warning"
        title={t('station.openedProtocol')}
        extra={[
          <Button key="link" type="primary" href={r.link} data-testid="station-link">
            {t('station.link')}
          </Button>,
          close,
        ]}
        data-testid="station-result"
        data-outcome="protocol"
      />
    );
  }
  return (
    <Result
      status="success"
      title={t(r.via === 'extension' ? 'station.openedExtension' : 'station.openedAgent')}
      extra={[close]}
      data-testid="station-result"
      data-outcome={r.via}
    />
  );
}
