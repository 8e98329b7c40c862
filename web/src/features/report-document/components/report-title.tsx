import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { TITLE_SUFFIXES } from '@shared/report/document';
import type { TemplateElement } from '@shared/schemas/report';
import { fieldValue, canonicalField, TITLE_FIELD } from '../lib/fields';
import { useDoc } from './doc-context';

export const isTitleElement = (el: TemplateElement) =>
  (!!el.jfield && canonicalField(el.jfield) === TITLE_FIELD) || !!el.class?.split(/\s+/).includes('rpt-title');

/** The report title; a click cycles its suffix (emergency, critical value, bedside...) while editable. */
export function ReportTitle({ el, style }: { el: TemplateElement; style: CSSProperties }) {
  const doc = useDoc();
  const { t } = useTranslation('reportDoc');
  const title = el.jfield ? fieldValue(el.jfield, doc.study, doc.report) : (el.text ?? '');
  const suffix = TITLE_SUFFIXES[doc.detail.title_suffix] ?? '';
  const canCycle = doc.editable && doc.mode === 'screen';
  return (
    <div
      className={`rd-text rd-title${canCycle ? ' rd-title-cycle' : ''}${el.class ? ` ${el.class}` : ''}`}
      style={style}
      data-testid="report-title"
      data-suffix={suffix}
      role={canCycle ? 'button' : undefined}
      tabIndex={canCycle ? 0 : undefined}
      title={canCycle ? t('titleSuffixHint') : undefined}
      onClick={canCycle ? doc.cycleTitleSuffix : undefined}
      onKeyDown={
        canCycle
          ? (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                doc.cycleTitleSuffix();
              }
            }
          : undefined
      }
    >
      {title}
      {suffix && (
        <span className="rd-title-suffix">
          {doc.docT('titleSuffixFormat', { suffix: doc.docT(`suffix.${suffix}`) })}
        </span>
      )}
    </div>
  );
}
