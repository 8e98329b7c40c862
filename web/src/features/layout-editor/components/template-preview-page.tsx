import { PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Select, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { parseDetail } from '@shared/report/document';
import { PERMISSIONS } from '@shared/permissions';
import { isApiError } from '@web/lib/api-error';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import { useSessionStore } from '@web/lib/session-store';
import { usePermission } from '@web/lib/user-info';
import { useLayout, usePreviewStudies, usePreviewStudy } from '../api/layout-api';
import './template-preview.css';

function Notice({
  status,
  text,
  testId,
  extra,
}: {
  status: 'warning' | 'error';
  text: string;
  testId: string;
  extra?: ReactNode;
}) {
  return <Result status={status} title={text} data-testid={testId} extra={extra} />;
}

/**
 * /tempPreview?pk=&study_iuid=: a layout drawn with a real study's data and first report, exactly as the print
 * page draws a report (the same renderer in print mode). The study is chosen among recent ones of the
 * layout's hospital and modality. The route skips the sign-in check (spec); the data needs a session.
 */
export function TemplatePreviewPage({ renderDocument }: { renderDocument: (p: ReportDocumentProps) => ReactNode }) {
  const { t } = useTranslation('layoutEditor');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const token = useSessionStore((s) => s.token);
  const pk = Number(params.get('pk')) || undefined;
  const studyIuid = params.get('study_iuid') ?? '';
  const canList = usePermission(PERMISSIONS.ORDER_LIST);
  const canRead = usePermission(PERMISSIONS.DASHBOARD);
  const layout = useLayout(token ? pk : undefined);
  const studies = usePreviewStudies(layout.data, canList);
  const study = usePreviewStudy(token && canRead ? studyIuid : '');

  if (!pk) return <Notice status="warning" text={t('preview.noLayout')} testId="tp-no-layout" />;
  if (!token || (isApiError(layout.error) && layout.error.status === 401)) {
    const redirect = `${location.pathname}${location.search}`;
    return (
      <Notice
        status="warning"
        text={t('preview.signIn')}
        testId="tp-sign-in"
        extra={<Link to={`/user/login?redirect=${encodeURIComponent(redirect)}`}>{t('preview.signInLink')}</Link>}
      />
    );
  }
  if (layout.isPending) return <Spin size="large" fullscreen tip={t('preview.loading')} />;
  if (layout.isError) {
    const gone = isApiError(layout.error) && [403, 404].includes(layout.error.status);
    return <Notice status="error" text={gone ? t('preview.notFound') : layout.error.message} testId="tp-error" />;
  }

  const report = study.data?.info.reports.find((r) => r.rpt_position === 1) ?? study.data?.info.reports[0];
  const choose = (iuid: string) => setParams({ pk: String(pk), study_iuid: iuid }, { replace: true });
  return (
    <div className="tp-root" data-testid="tp-root">
      <Space className="tp-toolbar" wrap>
        <Typography.Text strong data-testid="tp-name">
          {layout.data.name} · {t('preview.version', { version: layout.data.version })}
        </Typography.Text>
        {canList ? (
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 420 }}
            placeholder={t('preview.chooseStudy')}
            loading={studies.isPending}
            value={studyIuid || undefined}
            onChange={choose}
            options={(studies.data?.list ?? []).map((s) => ({
              value: s.study_iuid,
              label: `${s.patient_name} · ${s.modality} · ${s.study_desc || s.accession_no} · ${s.study_datetime}`,
            }))}
            data-testid="tp-study"
          />
        ) : (
          <Typography.Text type="secondary">{t('preview.noStudies')}</Typography.Text>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!report} data-testid="tp-print">
          {t('preview.print')}
        </Button>
      </Space>
      {!studyIuid && <Notice status="warning" text={t('preview.pickStudy')} testId="tp-pick" />}
      {studyIuid && study.isPending && <Spin className="tp-loading" />}
      {studyIuid && study.isError && <Notice status="error" text={t('preview.studyFailed')} testId="tp-study-error" />}
      {study.data &&
        report &&
        renderDocument({
          template: layout.data.elements,
          study: study.data.info.study,
          report,
          findings: report.report_text1,
          opinion: report.report_text2,
          detail: parseDetail(report.rpt_detail),
          editable: false,
          multiPage: study.data.config.multi_page_report,
          mode: 'print',
          resolveUrl: (src) => src,
        })}
    </div>
  );
}
