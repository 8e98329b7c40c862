import { useTranslation } from 'react-i18next';
import { canonicalField, type PageTextField } from '../lib/fields';
import { useDoc } from './doc-context';
import type { ElementProps } from './element-props';

/**
 * Findings or opinion of this page, edited in place. The box grows with its text; the page measures
 * the result and shrinks the font when the page overflows (see use-text-fit).
 */
export function PageText({ el, style, className }: ElementProps) {
  const doc = useDoc();
  const { t } = useTranslation('reportDoc');
  const field = canonicalField(el.jfield ?? '') as PageTextField;
  const name = field === 'report_text1' ? 'findings' : 'opinion';
  const text = doc.pageText[field];
  const fontStyle = { ...style, fontSize: doc.textFont, lineHeight: `${doc.textLineHeight}px` };
  if (doc.mode === 'print') {
    return (
      <div className={className} style={fontStyle} data-page-text data-testid={`page-text-${name}`}>
        {text}
      </div>
    );
  }
  return (
    <textarea
      className={`${className} rd-textarea`}
      style={fontStyle}
      value={text}
      disabled={!doc.editable}
      onChange={(e) => doc.setPageText(field, e.target.value)}
      data-page-text
      data-testid={`page-text-${name}`}
      aria-label={t(name)}
    />
  );
}
