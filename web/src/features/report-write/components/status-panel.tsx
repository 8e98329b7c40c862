import { Alert, Button, Radio, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { effectiveStatus } from '@shared/report/rules';
import type { ReportDetail } from '@shared/schemas/report';
import type { ActionButton, ButtonState } from '../lib/button-rules';
import { useEditorStore } from '../stores/editor-store';

export type ExtraButton = 'knowledge' | 'applyInfo' | 'bodyPart' | 'close';

interface StatusPanelProps {
  report: ReportDetail;
  showray: boolean;
  buttons: Record<ActionButton, ButtonState>;
  onAction: (b: ActionButton | ExtraButton) => void;
  /** Which buttons this page shows, in order. */
  order: (ActionButton | ExtraButton)[];
  vertical?: boolean;
}

const BANNER = { 0: 'warning', 1: 'info', 2: 'success' } as const;

/** Status banner (not written, saved, audited, third party). */
export function StatusBanner({ report }: { report: ReportDetail }) {
  const { t } = useTranslation('report');
  const thirdParty = !!report.third_party_pdf;
  const st = effectiveStatus(report.rpt_status);
  return (
    <Alert
      type={thirdParty ? 'info' : BANNER[st]}
      showIcon
      data-testid="rw-status"
      data-status={report.rpt_status}
      title={thirdParty ? t('banner.thirdParty') : t(`banner.${st}`)}
      description={
        st > 0 && (
          <>
            {report.report_doctor && (
              <div data-testid="rw-status-doctor">
                {t('banner.doctor')}
                <span style={{ whiteSpace: 'nowrap' }}>{report.report_doctor}</span>
              </div>
            )}
            {report.sh_doctor && (
              <div data-testid="rw-status-auditor">
                {t('banner.auditor')}
                <span style={{ whiteSpace: 'nowrap' }}>{report.sh_doctor}</span>
              </div>
            )}
          </>
        )
      }
    />
  );
}

/** Positive/negative and, with showray, the image quality. */
export function GoodStatusChoice({ disabled, showray }: { disabled: boolean; showray: boolean }) {
  const { t } = useTranslation('report');
  const good = useEditorStore((s) => s.rpt_good_status);
  const quality = useEditorStore((s) => s.image_quality);
  const patch = useEditorStore((s) => s.patch);
  return (
    <Space orientation="vertical" size={4}>
      <Radio.Group
        value={good}
        disabled={disabled}
        onChange={(e) => patch({ rpt_good_status: e.target.value as number })}
        data-testid="rw-good-status"
      >
        <Radio value={1} data-testid="rw-good-1">
          {t('good.1')}
        </Radio>
        <Radio value={2} data-testid="rw-good-2">
          {t('good.2')}
        </Radio>
      </Radio.Group>
      {showray && (
        <Radio.Group
          value={quality}
          disabled={disabled}
          onChange={(e) => patch({ image_quality: e.target.value as number })}
          data-testid="rw-image-quality"
        >
          {([4, 3, 2, 1] as const).map((q) => (
            <Radio key={q} value={q}>
              {t(`quality.${q}`)}
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Space>
  );
}

/** The action buttons: shown by permission, enabled by the state rules, all waiting while a request runs. */
export function ActionButtons({ buttons, onAction, order, vertical }: Omit<StatusPanelProps, 'report' | 'showray'>) {
  const { t } = useTranslation('report');
  const busy = useEditorStore((s) => s.busy);
  return (
    <Space orientation={vertical ? 'vertical' : 'horizontal'} wrap style={vertical ? { width: '100%' } : undefined}>
      {order.map((b) => {
        const st: ButtonState =
          b in buttons
            ? buttons[b as ActionButton]
            : { visible: true, enabled: !busy, ...(busy ? { reason: 'BUSY' as const } : {}) };
        if (!st.visible) return null;
        const waiting = st.reason === 'BUSY';
        return (
          <Tooltip key={b} title={waiting ? t('pleaseWait') : st.reason ? t(`refusal.${st.reason}`) : undefined}>
            <Button
              block={vertical}
              type={b === 'save' || b === 'audit' ? 'primary' : 'default'}
              danger={b === 'invalid'}
              disabled={!st.enabled}
              loading={busy === b}
              onClick={() => onAction(b)}
              data-testid={`rw-btn-${b}`}
            >
              {waiting && busy !== b ? t('pleaseWait') : t(`buttons.${b}`)}
            </Button>
          </Tooltip>
        );
      })}
    </Space>
  );
}
