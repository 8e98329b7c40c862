import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DetailValue, ReportDetailValues } from '@shared/report/document';
import type { ReportDetail, TemplateElement } from '@shared/schemas/report';
import type { ReportTexts } from '@web/lib/report-texts';
import { lineHeightFor, useTextFit } from '../hooks/use-text-fit';
import type { PageTextField } from '../lib/fields';
import { DocContext, type DocContextValue } from './doc-context';
import { TemplateElementView } from './template-element';

export interface ReportPageProps {
  index: number;
  template: TemplateElement[];
  study: Record<string, unknown>;
  report: ReportDetail;
  detail: ReportDetailValues;
  editable: boolean;
  mode: 'screen' | 'print';
  pageText: Record<PageTextField, string>;
  /** `shrink`: overflowing text shrinks down to 12 px (the Tool tab's font scaling; default on). */
  font: { size: number; lineHeight: number; shrink?: boolean };
  watermark?: string | undefined;
  resolveUrl: (src: string) => string;
  docT: ReportTexts;
  setPageText: (index: number, field: PageTextField, value: string) => void;
  setValue: (key: string, value: DetailValue) => void;
  cycleTitleSuffix: () => void;
  /** Present on extra pages that may be deleted. */
  onDelete?: ((index: number) => void) | undefined;
  onOverflow?: (() => void) | undefined;
  /** Drawn over the page's bottom margin (the last page's electronic signature). */
  footer?: ReactNode;
}

/** One A4 page: the whole layout template with this page's share of findings and opinion. */
export function ReportPage(p: ReportPageProps) {
  const { t } = useTranslation('reportDoc');
  const pageRef = useRef<HTMLDivElement>(null);
  const contentKey = `${p.pageText.report_text1}\u0000${p.pageText.report_text2}\u0000${JSON.stringify(p.detail)}\u0000${p.template.length}`;
  const { font: textFont, overflow } = useTextFit({
    pageRef,
    base: p.font.size,
    lineHeight: p.font.lineHeight,
    shrink: p.font.shrink !== false,
    contentKey,
    onOverflow: p.mode === 'screen' ? p.onOverflow : undefined,
  });
  const { index, setPageText } = p;
  const ctx = useMemo<DocContextValue>(
    () => ({
      study: p.study,
      report: p.report,
      detail: p.detail,
      editable: p.editable,
      mode: p.mode,
      pageText: p.pageText,
      setPageText: (field, value) => setPageText(index, field, value),
      setValue: p.setValue,
      cycleTitleSuffix: p.cycleTitleSuffix,
      textFont,
      textLineHeight: lineHeightFor(textFont, p.font.size, p.font.lineHeight),
      resolveUrl: p.resolveUrl,
      docT: p.docT,
    }),
    [
      p.study,
      p.report,
      p.detail,
      p.editable,
      p.mode,
      p.pageText,
      p.setValue,
      p.cycleTitleSuffix,
      p.resolveUrl,
      p.docT,
      p.font.size,
      p.font.lineHeight,
      index,
      setPageText,
      textFont,
    ],
  );
  const onDelete = p.onDelete;
  return (
    <div
      className="rd-page"
      ref={pageRef}
      data-testid="report-page"
      data-page={index}
      data-font={textFont}
      data-overflow={overflow}
    >
      <DocContext.Provider value={ctx}>
        {p.template.map((el) => (
          <TemplateElementView key={el.uuid} el={el} />
        ))}
      </DocContext.Provider>
      {index === 0 && p.report.is_critical === 1 && p.report.danger_val && (
        <div className="rd-critical" role="note" data-testid="report-critical">
          {p.docT('print.critical', { text: p.report.danger_val })}
        </div>
      )}
      {p.footer}
      {onDelete && (
        <Popconfirm
          title={t('deletePageConfirm', { n: index + 1 })}
          okText={t('deletePage')}
          cancelText={t('cancel')}
          onConfirm={() => onDelete(index)}
        >
          <Button
            className="rd-page-delete"
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={`page-delete-${index}`}
          >
            {t('deletePage')}
          </Button>
        </Popconfirm>
      )}
      {p.watermark && (
        <div className="rd-watermark" aria-hidden data-testid="report-watermark">
          <span>{p.watermark}</span>
        </div>
      )}
    </div>
  );
}
