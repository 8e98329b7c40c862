import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { deletePage, type DetailValue, joinPages, nextTitleSuffix, splitPages } from '@shared/report/document';
import { useAutoZoom } from '../hooks/use-auto-zoom';
import type { ReportDocumentProps, ToolSettings } from '@web/lib/report-document-props';
import { useReportTexts } from '@web/lib/report-texts';
import type { PageTextField } from '../lib/fields';
import { AddendaPage } from './addenda-page';
import { EsignStrip } from './esign-strip';
import { ReportPage } from './report-page';
import './report-document.css';

export const DEFAULT_TOOL_SETTINGS: ToolSettings = { fontSize: 16, lineHeight: 24, zoom: 1, autoZoom: false };

const identity = (s: string) => s;

/**
 * The A4 report: page 1 plus one page per page-split marker in findings or opinion, each page the whole
 * layout template. Editing calls onChange with the whole new text or detail (the caller owns the state).
 */
export function ReportDocument(props: ReportDocumentProps) {
  const { findings, opinion, detail, onChange, mode, editable } = props;
  const tool = props.tool ?? DEFAULT_TOOL_SETTINGS;
  const docT = useReportTexts(props.locale);
  const containerRef = useRef<HTMLDivElement>(null);
  const autoZoom = useAutoZoom(containerRef, mode === 'screen' && tool.autoZoom);
  const zoom = mode === 'print' ? 1 : (autoZoom ?? tool.zoom);

  // Each page's share of the texts, recomputed only when a text changes.
  const pageTexts = useMemo(() => {
    const f = splitPages(findings);
    const o = splitPages(opinion);
    return Array.from({ length: Math.max(f.length, o.length) }, (_, i) => ({
      report_text1: f[i] ?? '',
      report_text2: o[i] ?? '',
    }));
  }, [findings, opinion]);
  const count = pageTexts.length;

  // Latest texts for the callbacks, so pages keep stable handlers while typing.
  const latest = useRef({ findings, opinion, detail, onChange });
  useLayoutEffect(() => {
    latest.current = { findings, opinion, detail, onChange };
  });

  const setPageText = useCallback((index: number, field: PageTextField, value: string) => {
    const { findings: f, opinion: o, onChange: change } = latest.current;
    const pages = splitPages(field === 'report_text1' ? f : o);
    while (pages.length <= index) pages.push('');
    pages[index] = value;
    const text = joinPages(pages);
    change?.(field === 'report_text1' ? { findings: text } : { opinion: text });
  }, []);
  const setValue = useCallback((key: string, value: DetailValue) => {
    const { detail: d, onChange: change } = latest.current;
    change?.({ detail: { ...d, values: { ...d.values, [key]: value } } });
  }, []);
  const cycleTitleSuffix = useCallback(() => {
    const { detail: d, onChange: change } = latest.current;
    change?.({ detail: { ...d, title_suffix: nextTitleSuffix(d.title_suffix) } });
  }, []);
  const removePage = useCallback((index: number) => {
    const { findings: f, opinion: o, onChange: change } = latest.current;
    change?.({ findings: deletePage(f, index), opinion: deletePage(o, index) });
  }, []);

  const { onOverflow, multiPage } = props;
  const overflow = useMemo(
    () => (onOverflow ? () => onOverflow(multiPage ? 'add-page' : 'max') : undefined),
    [onOverflow, multiPage],
  );
  const shrink = tool.fontScale !== false;
  const font = useMemo(
    () => ({ size: tool.fontSize, lineHeight: tool.lineHeight, shrink }),
    [tool.fontSize, tool.lineHeight, shrink],
  );
  const canDelete = editable && mode === 'screen';
  // The report's language is loading (a reader whose screen uses another language): a moment's wait.
  // Same element and ref as the document, so auto-zoom measures it from the start.
  if (!docT)
    return <div ref={containerRef} className={`rd-doc rd-mode-${mode}`} data-testid="report-document-loading" />;

  return (
    <div
      ref={containerRef}
      className={`rd-doc rd-mode-${mode}`}
      data-testid="report-document"
      data-pages={count}
      data-zoom={zoom}
    >
      <div className="rd-zoom" style={{ zoom }}>
        {pageTexts.map((pageText, i) => (
          <ReportPage
            key={i}
            index={i}
            template={props.template}
            study={props.study}
            report={props.report}
            detail={detail}
            editable={editable}
            mode={mode}
            pageText={pageText}
            font={font}
            watermark={props.watermark}
            resolveUrl={props.resolveUrl ?? identity}
            docT={docT}
            setPageText={setPageText}
            setValue={setValue}
            cycleTitleSuffix={cycleTitleSuffix}
            onDelete={canDelete && i > 0 ? removePage : undefined}
            onOverflow={overflow}
            footer={
              i === count - 1 ? <EsignStrip report={props.report} esignMode={props.esignMode ?? 0} docT={docT} /> : null
            }
          />
        ))}
        <AddendaPage report={props.report} study={props.study} docT={docT} />
      </div>
    </div>
  );
}
