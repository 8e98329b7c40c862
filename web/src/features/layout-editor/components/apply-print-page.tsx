import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { parseDetail } from '@shared/report/document';
import type { LayoutTemplate, StudyDetail } from '@shared/schemas/report';
import { apiPost } from '@web/lib/api-client';
import { isApiError } from '@web/lib/api-error';
import { useAutoPrint } from '@web/lib/auto-print';
import { newReport } from '@web/lib/new-report';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import './template-preview.css';

/**
 * /printApply/{id} (id = the study's instance UID): the study's application form on A4, from the
 * application-form layout of its hospital and modality, drawn by the report renderer in print mode.
 * Without such a layout: the spec's "cannot obtain print template, contact administrator".
 */
export function ApplyPrintPage({ renderDocument }: { renderDocument: (p: ReportDocumentProps) => ReactNode }) {
  const { t } = useTranslation('layoutEditor');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const form = useQuery({
    queryKey: ['apply-form', id],
    enabled: !!id,
    retry: false,
    queryFn: ({ signal }) =>
      apiPost<{ template: LayoutTemplate; study: StudyDetail }>(
        '/layout/applyForm',
        { study_iuid: id },
        { silent: true, signal },
      ),
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const ready = useAutoPrint(rootRef, { rendered: form.isSuccess, autoPrint: params.get('print') === '1' });
  if (form.isPending) return <Spin size="large" fullscreen tip={t('apply.loading')} />;
  if (form.isError) {
    const missing = isApiError(form.error) && form.error.error === 'TEMPLATE_MISSING';
    return (
      <Result
        status="warning"
        title={
          missing
            ? t('apply.missing')
            : isApiError(form.error) && form.error.status === 404
              ? t('apply.notFound')
              : form.error.message
        }
        data-testid={missing ? 'apply-missing' : 'apply-error'}
      />
    );
  }
  return (
    <div className="tp-root" data-testid="apply-root" data-ready={ready} ref={rootRef}>
      <div className="tp-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="apply-print">
          {t('apply.print')}
        </Button>
      </div>
      {renderDocument({
        template: form.data.template.elements,
        study: form.data.study,
        // No report on an application form: its text fields stay empty.
        report: newReport(1),
        findings: '',
        opinion: '',
        detail: parseDetail(null),
        editable: false,
        multiPage: false,
        mode: 'print',
      })}
    </div>
  );
}
