import type { CSSProperties } from 'react';
import type { TemplateElement } from '@shared/schemas/report';
import { fieldValue, isPageTextField } from '../lib/fields';
import { ChoiceElement, ModuleElement } from './choice-elements';
import { useDoc } from './doc-context';
import { FieldInput, FreeText } from './field-elements';
import { PageText } from './page-text';
import { ReportTable } from './report-table';
import { ReportTitle, isTitleElement } from './report-title';
import { UsRange } from './us-range';

export const elementStyle = (el: TemplateElement): CSSProperties => ({ ...el.style, ...el.new_style }) as CSSProperties;

const cls = (el: TemplateElement, base: string) => (el.class ? `${base} ${el.class}` : base);

function ImageElement({ el }: { el: TemplateElement }) {
  const doc = useDoc();
  const src = el.src || (el.jfield ? fieldValue(el.jfield, doc.study, doc.report) : '');
  if (!src) return null;
  return <img className={cls(el, 'rd-img')} style={elementStyle(el)} src={doc.resolveUrl(src)} alt="" />;
}

function ImageList({ el }: { el: TemplateElement }) {
  const doc = useDoc();
  if (doc.detail.images.length === 0) return null;
  return (
    <div className={cls(el, 'rd-img-list')} style={elementStyle(el)} data-testid="rd-img-list">
      {doc.detail.images.map((src, i) => (
        <img key={`${i}-${src}`} src={doc.resolveUrl(src)} alt="" />
      ))}
    </div>
  );
}

/** One layout element of spec section 3, by tag. */
export function TemplateElementView({ el }: { el: TemplateElement }) {
  const doc = useDoc();
  const style = elementStyle(el);
  switch (el.tag) {
    case 'textContent':
      if (isTitleElement(el)) return <ReportTitle el={el} style={style} />;
      return (
        <div className={cls(el, 'rd-text')} style={style}>
          {el.jfield ? fieldValue(el.jfield, doc.study, doc.report) : el.text}
        </div>
      );
    case 'input':
      return <FieldInput el={el} style={style} className={cls(el, 'rd-field')} />;
    case 'textarea':
      if (isPageTextField(el.jfield)) return <PageText el={el} style={style} className={cls(el, 'rd-page-text')} />;
      return <FreeText el={el} style={style} className={cls(el, 'rd-free-text')} />;
    case 'hr':
      return <hr className={cls(el, 'rd-hr')} style={style} />;
    case 'imgCom':
      return <ImageElement el={el} />;
    case 'imgList':
      return <ImageList el={el} />;
    case 'div':
    case 'nestDiv':
      return (
        <div className={cls(el, el.tag === 'div' ? 'rd-div' : 'rd-nest')} style={style}>
          {el.text}
          {el.childs?.map((c) => (
            <TemplateElementView key={c.uuid} el={c} />
          ))}
        </div>
      );
    case 'table':
      return <ReportTable el={el} style={style} className={cls(el, 'rd-table')} />;
    case 'usRange':
      return <UsRange el={el} style={style} className={cls(el, 'rd-range')} />;
    case 'checkbox':
    case 'radio':
      return <ChoiceElement el={el} style={style} className={cls(el, 'rd-choice')} />;
    case 'module':
      return <ModuleElement el={el} style={style} className={cls(el, 'rd-module')} />;
  }
}
