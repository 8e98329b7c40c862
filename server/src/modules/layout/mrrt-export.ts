import { OptionsDataSchema, TableDataSchema, UsRangeDataSchema } from '@shared/report/document';
import { styleText, type StyleObject } from '@shared/report/layout-safety';
import type { TemplateElement } from '@shared/schemas/report';
import { MRRT_TYPE, RX } from './mrrt-format';

/**
 * A layout -> IHE MRRT HTML5: a template an MRRT viewer shows (sections, labels, fields, selections,
 * tables), with each element's exact layout in `data-rx-*` attributes so importing it here gives back the
 * same layout. Every text and attribute is escaped; the only script is MRRT's `text/xml` template
 * attributes block, which holds no code.
 */
export interface MrrtSource {
  pk: number;
  name: string;
  hospital_code: string;
  modality: string;
  elements: TemplateElement[];
  update_time: Date;
}

const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const quoted = (s: string) => text(s).replace(/"/g, '&quot;');

function attrs(pairs: [string, string | undefined][]): string {
  return pairs
    .filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '')
    .map(([k, v]) => ` ${k}="${quoted(v)}"`)
    .join('');
}

const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));

/** The attributes every exported element carries. */
function common(e: TemplateElement, visibleStyle = true): [string, string | undefined][] {
  const style = e.style as StyleObject | undefined;
  const newStyle = e.new_style as StyleObject | undefined;
  const shown = visibleStyle ? styleText({ ...style, ...newStyle }) : '';
  return [
    ['id', e.uuid],
    ['class', e.class],
    ['style', shown || undefined],
    [RX.tag, e.tag],
    [RX.style, style && Object.keys(style).length ? json(style) : undefined],
    [RX.newStyle, newStyle && Object.keys(newStyle).length ? json(newStyle) : undefined],
    [RX.jfield, e.jfield],
    [RX.src, e.src],
  ];
}

const options = (data: unknown) => {
  const o = OptionsDataSchema.safeParse(data);
  return o.success ? o.data.options : [];
};

function element(e: TemplateElement, indent: string): string {
  const inner = indent + '  ';
  const data: [string, string | undefined][] = [[RX.data, json(e.data)]];
  // Text that HTML cannot show for this tag travels in an attribute.
  const textAttr: [string, string | undefined][] =
    e.text !== undefined && e.tag !== 'textContent' && e.tag !== 'textarea' ? [[RX.text, e.text]] : [];
  const open = (tag: string, extra: [string, string | undefined][] = []) =>
    `<${tag}${attrs([...common(e), ...textAttr, ...extra])}>`;
  switch (e.tag) {
    case 'textContent':
      // A bound field's value is the study's, filled in when a report is written: the paragraph is empty.
      return `${indent}${open('p')}${text(e.text ?? '')}</p>`;
    case 'input':
      return `${indent}${open('input', [['type', 'text'], ['name', e.jfield ?? e.uuid], ...data])}`;
    case 'textarea':
      return `${indent}${open('textarea', [['name', e.jfield ?? e.uuid], ...data])}\n${text(e.text ?? '')}</textarea>`; // the parser drops one newline after <textarea>
    case 'hr':
      return `${indent}${open('hr', data)}`;
    case 'imgCom':
    case 'imgList':
      return `${indent}${open('div', data)}</div>`;
    case 'div':
    case 'nestDiv': {
      const tag = e.tag === 'nestDiv' ? 'section' : 'div';
      const kids = (e.childs ?? []).map((c) => element(c, inner)).join('\n');
      return `${indent}${open(tag, data)}${kids ? `\n${kids}\n${indent}` : ''}</${tag}>`;
    }
    case 'table': {
      const t = TableDataSchema.safeParse(e.data);
      const rows = (t.success ? t.data.rows : [])
        .map((r) => {
          const cells = r
            .map((c) => {
              const span = c.colspan ? ` colspan="${c.colspan}"` : '';
              const body = c.text !== undefined && !c.input ? text(c.text) : '<input type="number">';
              return `<td${span}>${body}</td>`;
            })
            .join('');
          return `${inner}<tr>${cells}</tr>`;
        })
        .join('\n');
      return `${indent}${open('table', data)}\n${rows}\n${indent}</table>`;
    }
    case 'usRange': {
      const u = UsRangeDataSchema.safeParse(e.data);
      const ranges = u.success ? u.data.ranges : [];
      const rows = ranges
        .map((r) => `${inner}<tr><td>${r.month}</td><td>${r.min}</td><td>${r.max}</td></tr>`)
        .join('\n');
      return `${indent}${open('table', data)}\n${rows}\n${indent}</table>`;
    }
    case 'checkbox':
    case 'radio': {
      const items = options(e.data)
        .map((o) => `<label><input type="${e.tag}" name="${quoted(e.uuid)}" value="${quoted(o)}">${text(o)}</label>`)
        .join(' ');
      return `${indent}${open('p', data)}${items}</p>`;
    }
    case 'module': {
      const items = options(e.data)
        .map((o) => `<option value="${quoted(o)}">${text(o)}</option>`)
        .join('');
      return `${indent}${open('select', data)}${items}</select>`;
    }
  }
}

export function exportMrrt(layout: MrrtSource, language: string): string {
  const created = layout.update_time.toISOString().slice(0, 10);
  const meta = (name: string, content: string) => `    <meta name="${name}" content="${quoted(content)}">`;
  return [
    '<!DOCTYPE html>',
    `<html lang="${quoted(language)}">`,
    '  <head>',
    '    <meta charset="UTF-8">',
    `    <title>${text(layout.name)}</title>`,
    meta('dcterms.title', layout.name),
    meta('dcterms.identifier', `rxpacs.layout.${layout.pk}`),
    meta('dcterms.type', MRRT_TYPE),
    meta('dcterms.language', language),
    meta('dcterms.publisher', layout.hospital_code || 'RxPACS'),
    meta('dcterms.subject', layout.modality),
    meta('dcterms.date', created),
    '    <script type="text/xml">',
    '      <template_attributes>',
    '        <top-level-flag>true</top-level-flag>',
    '        <status>ACTIVE</status>',
    '      </template_attributes>',
    '    </script>',
    '  </head>',
    '  <body>',
    ...layout.elements.map((e) => element(e, '    ')),
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}
