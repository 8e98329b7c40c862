import { createContext, useContext } from 'react';
import type { DetailValue, ReportDetailValues } from '@shared/report/document';
import type { ReportDetail } from '@shared/schemas/report';
import type { ReportTexts } from '@web/lib/report-texts';
import type { PageTextField } from '../lib/fields';

/** What every element of one page needs; provided by ReportPage. */
export interface DocContextValue {
  study: Record<string, unknown>;
  report: ReportDetail;
  detail: ReportDetailValues;
  editable: boolean;
  mode: 'screen' | 'print';
  /** Text of this page for findings and opinion. */
  pageText: Record<PageTextField, string>;
  setPageText: (field: PageTextField, value: string) => void;
  setValue: (key: string, value: DetailValue) => void;
  cycleTitleSuffix: () => void;
  /** Font and line height of the page texts (after overflow shrinking). */
  textFont: number;
  textLineHeight: number;
  resolveUrl: (src: string) => string;
  /** The document's own words, in the report's language (not the screen's). */
  docT: ReportTexts;
}

export const DocContext = createContext<DocContextValue | null>(null);

export function useDoc(): DocContextValue {
  const v = useContext(DocContext);
  if (!v) throw new Error('useDoc outside ReportPage');
  return v;
}
