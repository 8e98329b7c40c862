import { PrinterOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { patientLabelZpl, type PatientLabel } from '@shared/label/zpl';
import { bridge, BridgeError } from '@web/features/agent-bridge/bridge';
import { useLabelData } from '../api/label-data';
import { code128DataUrl } from '../lib/barcode';

// Only the label is printed by the browser fallback, at the label's size.
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .rx-label, .rx-label * { visibility: visible; }
  .rx-label { position: fixed; left: 0; top: 0; border: none; }
  @page { size: 50mm 30mm; margin: 0; }
}`;

function LabelPreview({ label }: { label: PatientLabel }) {
  const { t } = useTranslation('bridge');
  return (
    <div
      className="rx-label"
      data-testid="label-preview"
      style={{ width: '50mm', minHeight: '30mm', padding: '2mm', border: '1px dashed #bbb', background: '#fff' }}
    >
      <div style={{ fontSize: 16, fontWeight: 600 }} data-testid="label-name">
        {label.patient_name}
      </div>
      <div style={{ fontSize: 11, display: 'flex', justifyContent: 'space-between' }}>
        <span>
          {t('label.patientId')}: {label.patient_id}
        </span>
        <span>{label.modality}</span>
      </div>
      {label.accession_no && (
        <img
          src={code128DataUrl(label.accession_no)}
          alt={`${t('label.accessionNo')} ${label.accession_no}`}
          style={{ width: '100%', maxHeight: '14mm' }}
          data-testid="label-barcode"
        />
      )}
      {label.lookup_code && (
        <div style={{ fontSize: 10 }} data-testid="label-lookup-code">
          {t('label.lookupCode')} {label.lookup_code}
        </div>
      )}
    </div>
  );
}

/** /printLabel: prints the patient label silently through the agent's label queue, or with the browser. */
export function LabelPrintPage() {
  const { t } = useTranslation('bridge');
  const { message } = App.useApp();
  const [q] = useSearchParams();
  const { label, isLoading } = useLabelData(q);
  const [state, setState] = useState<'idle' | 'printing' | 'printed' | 'fallback'>('idle');
  const autoPrinted = useRef(false);

  const print = useCallback(
    async (l: PatientLabel) => {
      setState('printing');
      try {
        await bridge.printRaw({ data: patientLabelZpl(l) });
        setState('printed');
        void message.success(t('label.printed'));
      } catch (e) {
        setState('fallback');
        void message.warning(t('label.fallback', { msg: e instanceof BridgeError ? e.message : String(e) }));
        window.print();
      }
    },
    [message, t],
  );

  // The page is opened to print: once the fields are known it prints by itself, once.
  useEffect(() => {
    if (!label || autoPrinted.current) return;
    autoPrinted.current = true;
    void print(label);
  }, [label, print]);

  if (isLoading) return <Spin />;
  if (!label) return <Alert type="warning" showIcon title={t('label.missing')} data-testid="label-missing" />;
  return (
    <Card title={t('label.title')} data-testid="label-page" data-state={state}>
      <style>{PRINT_CSS}</style>
      <Space orientation="vertical" size="large">
        <LabelPreview label={label} />
        <Space>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            loading={state === 'printing'}
            onClick={() => void print(label)}
            data-testid="label-print"
          >
            {t('label.print')}
          </Button>
          <Button onClick={() => window.print()} data-testid="label-browser-print">
            {t('label.browserPrint')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
