import { Button, Drawer, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail, VersionRow } from '@shared/schemas/report';
import { isThirdParty, thirdPartyPdfUrl } from '@web/lib/third-party-pdf';
import { useReportConfig, useVersions } from '../api/report-api';
import { usePdfRetry } from '../hooks/use-pdf-retry';
import { useEditorStore } from '../stores/editor-store';
import { DiffView } from './diff-view';
import { VersionPdfButton, VersionPdfRetry, VersionPdfTag } from './version-pdf';

/**
 * A third-party report's one entry: its own PDF (it has no versions here), at the address the print page
 * shows it from (core_url applied).
 */
function ThirdPartyEntry({ report }: { report: ReportDetail }) {
  const { t } = useTranslation(['report', 'study']);
  const config = useReportConfig();
  const url = config.data ? thirdPartyPdfUrl(report, config.data.core_url) : null;
  return (
    <List
      loading={config.isLoading}
      dataSource={[report]}
      data-testid="rw-version-third-party"
      renderItem={(r) => (
        <List.Item
          actions={[
            <Button
              key="pdf"
              size="small"
              href={url ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              disabled={!url}
              data-testid="rw-version-third-party-pdf"
            >
              {t('versions.pdf')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={`${r.sh_datetime || r.report_datetime} ${r.sh_doctor || r.report_doctor}`.trim()}
            description={
              <>
                <Tag color="blue">{t('versions.thirdParty')}</Tag>
                <Tag>{t(`study:status.${r.rpt_status}`, { defaultValue: String(r.rpt_status) })}</Tag>
                {config.data && !url && (
                  <Typography.Text type="danger">{t('versions.thirdPartyBadPdf')}</Typography.Text>
                )}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/**
 * Every saved version of the report; any one can be compared with the current text. An audit's version shows
 * its archived PDF, or that it is being made or failed (with the retry for `canRetry`). A third-party report
 * shows its own PDF first.
 */
export function VersionsDrawer({
  open,
  onClose,
  studyIuid,
  report,
  canRetry,
}: {
  open: boolean;
  onClose: () => void;
  studyIuid: string;
  report: ReportDetail;
  canRetry: boolean;
}) {
  const { t } = useTranslation(['report', 'study']);
  const ref = { study_iuid: studyIuid, rpt_position: report.rpt_position };
  const versions = useVersions(ref, open);
  const retry = usePdfRetry(ref, report, versions.data, canRetry, open);
  const [compare, setCompare] = useState<VersionRow | null>(null);
  const findings = useEditorStore((s) => s.findings);
  const opinion = useEditorStore((s) => s.opinion);
  const thirdParty = isThirdParty(report);
  return (
    <Drawer open={open} onClose={onClose} size={420} title={t('versions.title')} destroyOnHidden>
      {thirdParty && <ThirdPartyEntry report={report} />}
      {(!thirdParty || !!versions.data?.length) && (
        <List
          loading={versions.isLoading}
          dataSource={versions.data ?? []}
          data-testid="rw-versions"
          renderItem={(v) => (
            <List.Item
              data-testid="rw-version"
              data-pk={v.pk}
              data-pdf-state={v.pdf_state ?? 'none'}
              actions={[
                ...(v.pdf_sha256 ? [<VersionPdfButton key="pdf" v={v} />] : []),
                ...(v.pdf_state === 'failed' && retry?.versionPk === v.pk
                  ? [<VersionPdfRetry key="retry" retry={retry} />]
                  : []),
                <Button key="c" size="small" onClick={() => setCompare(v)} data-testid="rw-version-compare">
                  {t('versions.compare')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${v.createtime} ${v.save_user}`}
                description={
                  <>
                    <Tag>{t(`study:status.${v.rpt_status}`, { defaultValue: String(v.rpt_status) })}</Tag>
                    <VersionPdfTag v={v} />
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={!!compare}
        onCancel={() => setCompare(null)}
        footer={null}
        width={760}
        title={compare ? t('versions.compareTitle', { time: compare.createtime, user: compare.save_user }) : ''}
      >
        {compare && (
          <DiffView
            before={{ findings: compare.texts.report_text1, opinion: compare.texts.report_text2 }}
            after={{ findings, opinion }}
          />
        )}
      </Modal>
    </Drawer>
  );
}
