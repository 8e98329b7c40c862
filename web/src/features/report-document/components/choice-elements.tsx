import { OptionsDataSchema } from '@shared/report/document';
import { useDoc } from './doc-context';
import type { ElementProps } from './element-props';

const options = (data: unknown) => {
  const r = OptionsDataSchema.safeParse(data);
  return r.success ? r.data.options : [];
};

/** Checkbox (several answers, a list in rpt_detail) or radio (one answer) over the element's options. */
export function ChoiceElement({ el, style, className }: ElementProps) {
  const doc = useDoc();
  const opts = options(el.data);
  const stored = doc.detail.values[el.uuid];
  const multi = el.tag === 'checkbox';
  const chosen = Array.isArray(stored) ? stored : typeof stored === 'string' && stored ? [stored] : [];
  const disabled = !doc.editable || doc.mode === 'print';
  const toggle = (o: string, on: boolean) => {
    if (!multi) doc.setValue(el.uuid, o);
    else doc.setValue(el.uuid, on ? [...chosen.filter((c) => c !== o), o] : chosen.filter((c) => c !== o));
  };
  return (
    <span className={className} style={style} data-testid={`rd-choice-${el.uuid}`}>
      {el.text && <span className="rd-choice-label">{el.text}</span>}
      {opts.map((o) => (
        <label key={o} className="rd-choice-option">
          <input
            type={multi ? 'checkbox' : 'radio'}
            name={el.uuid}
            checked={chosen.includes(o)}
            disabled={disabled}
            onChange={(e) => toggle(o, e.target.checked)}
          />
          {o}
        </label>
      ))}
    </span>
  );
}

/**
 * A module: one of a fixed list of phrases, chosen from a list; the choice is printed as text. A module
 * whose text is one of its options (made from words of a sentence) shows those words until another is chosen.
 */
export function ModuleElement({ el, style, className }: ElementProps) {
  const doc = useDoc();
  const opts = options(el.data);
  const v = doc.detail.values[el.uuid];
  const value = typeof v === 'string' && v ? v : el.text && opts.includes(el.text) ? el.text : '';
  if (!doc.editable || doc.mode === 'print') {
    return (
      <span className={className} style={style}>
        {value}
      </span>
    );
  }
  return (
    <select
      className={`${className} rd-input`}
      style={style}
      value={value}
      onChange={(e) => doc.setValue(el.uuid, e.target.value)}
      aria-label={el.text ?? el.uuid}
    >
      <option value="">{el.text && !opts.includes(el.text) ? el.text : ''}</option>
      {opts.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}
