import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { useReportConfig } from '../api/report-api';
import { useReportPage } from '../hooks/use-report-page';
import type { ActionButton } from '../lib/button-rules';
import { useEditorStore } from '../stores/editor-store';
import { useToolStore, type ToolValues } from '../stores/tool-store';
import { ReportDialogs } from './report-dialogs';
import { ReportSwitcher } from './report-switcher';
import { ReportTexts } from './report-texts';
import { AiSuggestButton } from './ai-suggest-button';
import { DeliveryStatusLine } from './delivery-status';
import { ActionButtons, GoodStatusChoice, StatusBanner, type ExtraButton } from './status-panel';
import { StudyHeader } from './study-header';
import { TemplateTabs } from './template-tabs';

/** What the screen hands to the report document (the route renders it: features stay apart). */
export type DocumentSlot = Omit<ReportDocumentProps, 'mode' | 'watermark' | 'resolveUrl'>;

const ORDER: (ActionButton | ExtraButton)[] = [
  'save',
  'audit',
  'cancelAudit',
  'invalid',
  'print',
  'addendum',
  'critical',
  'patientInfo',
  'versions',
  'close',
];

function CentreDocument({
  slot,
  render,
}: {
  slot: Omit<DocumentSlot, 'findings' | 'opinion' | 'detail' | 'tool'>;
  render?: (s: DocumentSlot) => ReactNode;
}) {
  const findings = useEditorStore((s) => s.findings);
  const opinion = useEditorStore((s) => s.opinion);
  const detail = useEditorStore((s) => s.detail);
  const tool = useToolStore();
  const values: ToolValues = {
    fontSize: tool.fontSize,
    lineHeight: tool.lineHeight,
    zoom: tool.zoom,
    autoZoom: tool.autoZoom,
    fontScale: tool.fontScale,
  };
  if (!render) return <ReportTexts disabled={!slot.editable} />;
  return <>{render({ ...slot, findings, opinion, detail, tool: values })}</>;
}

/** The report writing screen: status and actions left, the A4 report in the centre, templates and tools right. */
export function WriteReportScreen({
  studyIuid,
  onClose,
  renderDocument,
  tools,
}: {
  studyIuid: string;
  onClose: () => void;
  renderDocument?: (slot: DocumentSlot) => ReactNode;
  /**
   * Buttons of other features under the actions (attachments, image list): the route composes them in;
   * a function gets the report shown (its status decides e.g. whether it may be shared).
   */
  tools?: ReactNode | ((report: { rpt_position: number; rpt_status: number; third_party_pdf: string }) => ReactNode);
}) {
  const { t } = useTranslation('report');
  const page = useReportPage(studyIuid, onClose);
  // The server default is on; until the config answers, extra pages are offered.
  const config = useReportConfig().data;
  const multiPage = config?.multi_page_report ?? true;
  // Critical values are flagged only where the installation uses them (sys_config use_critical).
  const order = config?.use_critical === false ? ORDER.filter((b) => b !== 'critical') : ORDER;
  const { screen, report } = page;
  const studyDesc = useEditorStore((s) => s.study_desc);
  const base = useEditorStore((s) => s.base);
  const loaded = !!screen.info && !!base;

  if (!studyIuid) return <Result status="warning" title={t('noStudy')} />;
  if (screen.loadError) return <Result status="error" title={t('loadFailed')} data-testid="rw-load-failed" />;
  if (!screen.info || !loaded) return <Spin style={{ display: 'block', margin: 48 }} />;
  const { info } = screen;
  const reports = info.reports.some((r) => r.rpt_position === screen.position)
    ? info.reports
    : [...info.reports, report];

  return (
    <div data-testid="rw-screen" data-position={screen.position} data-version={report.version}>
      {page.heldBy && (
        <Alert
          type="warning"
          showIcon
          title={t('lockedBy', { user: page.heldBy })}
          data-testid="rw-locked-by"
          style={{ marginBottom: 8 }}
        />
      )}
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Card size="small" style={{ width: 220, flex: 'none' }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <StatusBanner report={report} />
            <DeliveryStatusLine
              reportRef={{ study_iuid: studyIuid, rpt_position: report.rpt_position }}
              saved={report.rpt_status >= 1}
              canRetry={screen.can(PERMISSIONS.REPORT_RETRY)}
            />
            <GoodStatusChoice disabled={!page.editable} showray={screen.settings.showray} />
            <div>
              <Typography.Text type="secondary">{t('fields.studyDesc')}: </Typography.Text>
              <span data-testid="rw-working-desc">{studyDesc || '-'}</span>{' '}
              <Button
                size="small"
                type="link"
                disabled={!page.editable}
                onClick={() => page.onAction('bodyPart')}
                data-testid="rw-btn-bodyPart"
              >
                {t('buttons.bodyPart')}
              </Button>
            </div>
            <ActionButtons buttons={page.buttons} onAction={page.onAction} order={order} vertical />
            {config?.ai_enabled && <AiSuggestButton studyIuid={studyIuid} disabled={!page.editable} />}
            {typeof tools === 'function' ? tools(report) : tools}
          </Space>
        </Card>
        <div style={{ flex: 1, minWidth: 480 }}>
          <Card size="small" style={{ marginBottom: 8 }}>
            <StudyHeader study={info.study} />
            <ReportSwitcher
              reports={reports}
              current={screen.position}
              onSwitch={(p) => void screen.switchTo(p)}
              canAdd={screen.can(PERMISSIONS.SAVE_ORDER)}
            />
          </Card>
          <div className="rx-write-document" style={{ overflow: 'auto' }}>
            <CentreDocument
              render={renderDocument}
              slot={{
                template: info.template?.elements ?? [],
                study: info.study,
                report,
                editable: page.editable,
                onChange: (p) =>
                  useEditorStore.getState().patch({
                    ...(p.findings !== undefined ? { findings: p.findings } : {}),
                    ...(p.opinion !== undefined ? { opinion: p.opinion } : {}),
                    ...(p.detail !== undefined ? { detail: p.detail } : {}),
                  }),
                multiPage,
                onOverflow: page.onOverflow,
                esignMode: info.esign_mode,
              }}
            />
          </div>
        </div>
        <Card size="small" style={{ width: 360, flex: 'none' }}>
          <TemplateTabs page={page} template={info.template} />
        </Card>
      </div>
      <ReportDialogs page={page} study={info.study} />
    </div>
  );
}
