import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportSignatureDocument } from '@shared/report/signature';
import { CERT_LOGIN_PIN_MAX } from '@shared/schemas/cert';
import type { Esign, SignRequestResult } from '@shared/schemas/report-signature';
import { useCertBridge } from '../lib/cert-bridge';
import { describeFailure } from '../lib/describe-failure';
import { PinForm, type PinFormValues } from './pin-form';

export type EsignOutcome = { esign: Esign } | { unsigned: true } | null;

interface Pending {
  request: SignRequestResult;
  optional: boolean;
  resolve: (o: EsignOutcome) => void;
}

const excerpt = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}…` : s);

/** What is being signed, in the auditor's words: the study and the opening of the texts. */
function SignedSummary({ document }: { document: string }) {
  const { t } = useTranslation('account');
  const doc = JSON.parse(document) as ReportSignatureDocument;
  return (
    <Descriptions size="small" column={1} bordered data-testid="esign-summary">
      <Descriptions.Item label={t('esign.patient')}>
        {doc.study.patient_name} · {doc.study.modality} · {doc.study.accession_no}
      </Descriptions.Item>
      <Descriptions.Item label={t('esign.findings')}>{excerpt(doc.report.report_text1)}</Descriptions.Item>
      <Descriptions.Item label={t('esign.opinion')}>{excerpt(doc.report.report_text2)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The USB-key signature of a report document: `sign(request)` opens the PIN dialog and resolves with the
 * key's signature, the auditor's choice to go on unsigned (only when optional), or null when cancelled.
 * Render `dialog` once where the hook is used.
 */
export function useEsignDialog(): {
  sign: (r: SignRequestResult, o: { optional: boolean }) => Promise<EsignOutcome>;
  dialog: ReactNode;
} {
  const { t } = useTranslation('account');
  const bridge = useCertBridge();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const current = useRef<Pending | null>(null);

  const finish = useCallback((o: EsignOutcome) => {
    current.current?.resolve(o);
    current.current = null;
    setPending(null);
    setError('');
  }, []);

  const sign = useCallback(
    (request: SignRequestResult, o: { optional: boolean }) =>
      new Promise<EsignOutcome>((resolve) => {
        current.current?.resolve(null);
        current.current = { request, optional: o.optional, resolve };
        setPending(current.current);
      }),
    [],
  );

  const submit = async ({ certificate_id, pin }: PinFormValues) => {
    const p = current.current;
    if (!p) return;
    setBusy(true);
    setError('');
    try {
      const signed = await bridge.signReport({ document: p.request.document, pin, certificate_id });
      finish({ esign: { signed_at: p.request.signed_at, ...signed } });
    } catch (e) {
      setError(describeFailure(e, t));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Modal
      open={!!pending}
      title={t('esign.title')}
      footer={
        pending?.optional ? (
          <Button onClick={() => finish({ unsigned: true })} data-testid="esign-unsigned">
            {t('esign.unsigned')}
          </Button>
        ) : null
      }
      destroyOnHidden
      onCancel={() => finish(null)}
      width={560}
    >
      {pending && (
        <div data-testid="esign-dialog">
          <Typography.Paragraph type="secondary">{t('esign.intro')}</Typography.Paragraph>
          <SignedSummary document={pending.request.document} />
          <div style={{ marginTop: 16 }}>
            {bridge.keys.length === 0 ? (
              <Alert type="info" showIcon title={t('cert.insertKey')} data-testid="esign-insert" />
            ) : (
              <PinForm
                keys={bridge.keys}
                pinMax={CERT_LOGIN_PIN_MAX}
                busy={busy}
                error={error}
                submitText={t('esign.submit')}
                onSubmit={(v) => void submit(v)}
                testIdPrefix="esign"
              />
            )}
          </div>
        </div>
      )}
    </Modal>
  );

  return { sign, dialog };
}
