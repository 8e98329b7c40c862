/**
 * The report document's props, one type for every screen that shows the A4 report (the writing screen, the
 * print page). It lives outside the features because those screens hand their data to the document through
 * the app's routes: features do not import each other.
 */
import type { Locale } from '@shared/constants';
import type { ReportDetailValues } from '@shared/report/document';
import type { ReportDetail, TemplateElement } from '@shared/schemas/report';

/** The Tool tab's settings (font 8-48, spacing 8-48, zoom 0.2-2, auto-zoom). */
export interface ToolSettings {
  fontSize: number;
  lineHeight: number;
  zoom: number;
  autoZoom: boolean;
  /** Font scaling: overflowing text shrinks 1 px at a time down to 12 px (off: the font stays, overflow asks at once). Default on. */
  fontScale?: boolean;
}

export interface ReportDocumentProps {
  /** Layout elements (LayoutTemplate.elements from /report/info). */
  template: TemplateElement[];
  /** The study detail of /report/info: source of jfield values. */
  study: Record<string, unknown>;
  /** The report: doctors, dates, status, signatures; also a jfield source. */
  report: ReportDetail;
  /** report_text1, may contain page-split markers. */
  findings: string;
  /** report_text2, may contain page-split markers. */
  opinion: string;
  /** rpt_detail: values typed into template inputs, checkbox, radio, table cells; title suffix index. */
  detail: ReportDetailValues;
  /** false when audited, on the print page, or in read-only views. */
  editable: boolean;
  onChange?: (patch: { findings?: string; opinion?: string; detail?: ReportDetailValues }) => void;
  /** From the Tool tab (font 8-48, spacing 8-48, zoom 0.2-2, auto-zoom). */
  tool?: ToolSettings;
  /** sys_config multi_page_report. */
  multiPage: boolean;
  /** Called once when the text still overflows its page at 12 px. */
  onOverflow?: (kind: 'add-page' | 'max') => void;
  /** Emergency print text, drawn at 15 degrees with opacity 0.4 on every page. */
  watermark?: string;
  mode: 'screen' | 'print';
  /** The report's language (its words: sex, title suffix, ranges); the default is REPORT_LOCALE. */
  locale?: Locale;
  /** Turns a template or report image address into the one to load (the print page's core_url). */
  resolveUrl?: (src: string) => string;
  /** The hospital's rule for signing audits (ReportInfo.esign_mode): where used, an unsigned audit says so. */
  esignMode?: number;
}
