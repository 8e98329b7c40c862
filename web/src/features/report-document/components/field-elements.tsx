import { sexCode } from '@shared/patient-sex';
import { fieldValue } from '../lib/fields';
import { useDoc } from './doc-context';
import type { ElementProps } from './element-props';

/** A one-line field: bound (jfield, read-only) or the template's own input (value kept in rpt_detail). */
export function FieldInput({ el, style, className }: ElementProps) {
  const doc = useDoc();
  if (el.jfield) {
    let v = fieldValue(el.jfield, doc.study, doc.report);
    if (el.jfield === 'patient_sex') v = doc.docT(`sex.${sexCode(v)}`);
    return (
      <span className={className} style={style} data-testid={`rd-field-${el.jfield}`}>
        {v}
      </span>
    );
  }
  const value = doc.detail.values[el.uuid];
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (!doc.editable || doc.mode === 'print') {
    return (
      <span className={className} style={style}>
        {text}
      </span>
    );
  }
  return (
    <input
      className={`${className} rd-input`}
      style={style}
      value={text}
      maxLength={500}
      placeholder={el.text}
      onChange={(e) => doc.setValue(el.uuid, e.target.value)}
    />
  );
}

/** A multi-line box of the template other than findings and opinion. */
export function FreeText({ el, style, className }: ElementProps) {
  const doc = useDoc();
  if (el.jfield) {
    return (
      <div className={className} style={style}>
        {fieldValue(el.jfield, doc.study, doc.report)}
      </div>
    );
  }
  const value = doc.detail.values[el.uuid];
  const text = typeof value === 'string' ? value : '';
  if (doc.mode === 'print') {
    return (
      <div className={className} style={style}>
        {text}
      </div>
    );
  }
  return (
    <textarea
      className={`${className} rd-textarea`}
      style={style}
      value={text}
      maxLength={4000}
      disabled={!doc.editable}
      placeholder={el.text}
      onChange={(e) => doc.setValue(el.uuid, e.target.value)}
    />
  );
}
