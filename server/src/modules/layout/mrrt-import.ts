import { OptionsDataSchema, TableDataSchema, UsRangeDataSchema, type TableCell } from '@shared/report/document';
import {
  ELEMENT_UUID,
  isSafeImageSrc,
  JFIELD,
  parseStyleText,
  safeClass,
  safeStyle,
  type StyleObject,
} from '@shared/report/layout-safety';
import { MRRT_MAX_DEPTH, MRRT_MAX_ELEMENTS } from '@shared/schemas/layout';
import { TEMPLATE_TAGS, TemplateElementSchema, type TemplateElement } from '@shared/schemas/report';
import { jsonDepth, MAX_JSON_DEPTH } from '../../platform/core/input-text';
import {
  ancestor,
  attr,
  childrenOf,
  descendants,
  findFirst,
  isElement,
  parseHtml,
  tagOf,
  type HtmlNode,
} from './html-tree';
import { RX } from './mrrt-format';
import {
  BLOCKS,
  CHOICE_INPUTS,
  CONTROL,
  DROPPED,
  FIELDS,
  HEADINGS,
  HEADING_SIZE,
  HEAD_ACTIVE,
  INLINE,
  OPTIONS_MAX,
  OPTION_MAX,
  SECTIONS,
  TEXT_MAX,
  VALUE_INPUTS,
  line,
} from './mrrt-vocabulary';

/**
 * IHE MRRT (an HTML5 report template) -> a layout. The file is untrusted, so nothing of its HTML is kept:
 * the import reads structure and plain text and builds layout elements from them (sections, headings,
 * labels, text and number fields, text areas, selections, check boxes, radio groups, tables, rules, images
 * embedded or on this server). Scripts, styles, frames, objects, event handlers, links and any address of
 * another server are never read into the layout; style attributes keep only declarations that load and
 * run nothing (`layout-safety.ts`). A file this platform exported comes back as the same layout.
 */
export interface MrrtLayout {
  name: string;
  elements: TemplateElement[];
  /** Elements in all (nested included). */
  count: number;
  /** Elements, attributes and declarations left out as unsafe or unsupported. */
  removed: number;
}

export class MrrtTooLarge extends Error {}

export function importMrrt(html: string): MrrtLayout {
  return new Importer(parseHtml(html)).run();
}

class Importer {
  private count = 0;
  private removed = 0;
  private readonly uuids = new Set<string>();
  private next = 0;
  /** Radio and check-box inputs by group (name, else id), with each one's option text. */
  private readonly groups = new Map<string, { type: 'radio' | 'checkbox'; options: string[] }>();
  private readonly groupOf = new Map<HtmlNode, string>();
  private readonly emitted = new Set<string>();
  /** Labels that name a radio or check-box option: their text is in the group's options. */
  private readonly optionLabels = new Set<HtmlNode>();

  constructor(private readonly doc: HtmlNode) {}

  run(): MrrtLayout {
    const body = findFirst(this.doc, 'body');
    const all = body ? descendants(body) : [];
    this.removed += all.reduce((n, el) => n + (el.attrs ?? []).filter((a) => /^on/i.test(a.name)).length, 0);
    // What the head would load or run (MRRT's own text/xml template attributes are data, not left out).
    const head = findFirst(this.doc, 'head');
    this.removed += (head ? descendants(head) : []).filter(
      (n) => HEAD_ACTIVE.has(tagOf(n)) && !(tagOf(n) === 'script' && /^text\/xml$/i.test(attr(n, 'type') ?? '')),
    ).length;
    this.collectChoices(all);
    const elements = body ? this.children(body, 0) : [];
    return { name: this.title(), elements, count: this.count, removed: this.removed };
  }

  private title(): string {
    const head = findFirst(this.doc, 'head');
    const dc =
      head && descendants(head).find((n) => tagOf(n) === 'meta' && /^dcterms\.title$/i.test(attr(n, 'name') ?? ''));
    const title = head && findFirst(head, 'title');
    const name = line(attr(dc ?? { nodeName: '' }, 'content') ?? (title ? this.textOf(title) : ''));
    return name.slice(0, 64) || 'MRRT';
  }

  private uuid(wanted?: string): string {
    if (wanted && ELEMENT_UUID.test(wanted) && !this.uuids.has(wanted)) {
      this.uuids.add(wanted);
      return wanted;
    }
    let id: string;
    do id = `mrrt-${++this.next}`;
    while (this.uuids.has(id));
    this.uuids.add(id);
    return id;
  }

  private made(e: TemplateElement): TemplateElement {
    if (++this.count > MRRT_MAX_ELEMENTS) throw new MrrtTooLarge();
    return e;
  }

  private style(n: HtmlNode): StyleObject | undefined {
    const text = attr(n, 'style');
    if (!text) return undefined;
    const kept = parseStyleText(text);
    const declared = text.split(';').filter((d) => d.includes(':')).length;
    this.removed += Math.max(0, declared - Object.keys(kept ?? {}).length);
    return kept;
  }

  /** Plain text of an element, leaving out what never shows (scripts, styles) and fields' own content. */
  private textOf(n: HtmlNode, keepLines = false): string {
    let out = '';
    const stack = [...childrenOf(n)].reverse();
    while (stack.length) {
      const c = stack.pop()!;
      if (c.nodeName === '#text') out += c.value ?? '';
      else if (tagOf(c) === 'br') out += '\n';
      else if (isElement(c) && !DROPPED.has(tagOf(c)) && !FIELDS.has(tagOf(c))) {
        for (let i = childrenOf(c).length - 1; i >= 0; i--) stack.push(childrenOf(c)[i]!);
      }
    }
    const text = keepLines ? out.replace(CONTROL, '') : line(out);
    return text.slice(0, TEXT_MAX);
  }

  private collectChoices(all: HtmlNode[]) {
    const labelsFor = new Map<string, HtmlNode>();
    for (const el of all) if (tagOf(el) === 'label' && attr(el, 'for')) labelsFor.set(attr(el, 'for')!, el);
    for (const el of all) {
      const type = (attr(el, 'type') ?? '').toLowerCase();
      if (tagOf(el) !== 'input' || !CHOICE_INPUTS.has(type)) continue;
      const key = `${type}:${attr(el, 'name') || attr(el, 'id') || `#${this.groupOf.size}`}`;
      const label = (attr(el, 'id') && labelsFor.get(attr(el, 'id')!)) || ancestor(el, 'label');
      if (label) this.optionLabels.add(label);
      const option = line((label ? this.textOf(label) : '') || attr(el, 'value') || '').slice(0, OPTION_MAX);
      const group = this.groups.get(key) ?? { type: type as 'radio' | 'checkbox', options: [] };
      if (option && !group.options.includes(option) && group.options.length < OPTIONS_MAX) group.options.push(option);
      this.groups.set(key, group);
      this.groupOf.set(el, key);
    }
  }

  private children(n: HtmlNode, depth: number): TemplateElement[] {
    return childrenOf(n).flatMap((c) => this.node(c, depth + 1));
  }

  private node(n: HtmlNode, depth: number): TemplateElement[] {
    if (n.nodeName === '#text') {
      const text = line(n.value ?? '').slice(0, TEXT_MAX);
      return text ? [this.made({ tag: 'textContent', uuid: this.uuid(), text })] : [];
    }
    if (!isElement(n)) return [];
    const tag = tagOf(n);
    if (DROPPED.has(tag)) {
      this.removed++;
      return [];
    }
    if (depth > MRRT_MAX_DEPTH) {
      this.removed++;
      return [];
    }
    if (attr(n, RX.tag) !== undefined) return this.own(n, depth);
    if (tag === 'br') return [];
    if (tag === 'hr') return [this.made({ tag: 'hr', uuid: this.uuid(attr(n, 'id')), ...opt('style', this.style(n)) })];
    if (tag === 'input') return this.input(n);
    if (tag === 'textarea') {
      return [
        this.made({
          tag: 'textarea',
          uuid: this.uuid(attr(n, 'id')),
          ...opt('text', this.textOf(n, true) || undefined),
        }),
      ];
    }
    if (tag === 'select') return this.select(n);
    if (tag === 'table') return this.table(n);
    if (tag === 'img') return this.image(n);
    // An option's label is in its group's options; a label wrapping its input stands where the group goes.
    if (tag === 'label' && this.optionLabels.has(n)) {
      return descendants(n).flatMap((d) => (this.groupOf.has(d) ? this.input(d) : []));
    }
    if (HEADINGS.has(tag) && !this.holdsField(n)) {
      const text = this.textOf(n);
      const style = { fontWeight: 'bold', ...(HEADING_SIZE[tag] ? { fontSize: HEADING_SIZE[tag] } : {}) };
      return text ? [this.made({ tag: 'textContent', uuid: this.uuid(attr(n, 'id')), text, style })] : [];
    }
    if (SECTIONS.has(tag)) {
      const childs = this.children(n, depth);
      return childs.length
        ? [this.made({ tag: 'div', uuid: this.uuid(attr(n, 'id')), class: 'mrrt-section', childs })]
        : [];
    }
    if (INLINE.has(tag) || HEADINGS.has(tag) || (BLOCKS.has(tag) && this.inlineOnly(n))) {
      if (!this.holdsField(n)) {
        const text = this.textOf(n);
        return text
          ? [this.made({ tag: 'textContent', uuid: this.uuid(attr(n, 'id')), text, ...opt('style', this.style(n)) })]
          : [];
      }
      const childs = this.children(n, depth);
      if (childs.length <= 1) return childs;
      const row = { display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: '2mm' };
      return [this.made({ tag: 'div', uuid: this.uuid(attr(n, 'id')), class: 'rpt-row', style: row, childs })];
    }
    const childs = this.children(n, depth);
    if (!BLOCKS.has(tag) || childs.length <= 1) return childs;
    return [this.made({ tag: 'div', uuid: this.uuid(attr(n, 'id')), childs, ...opt('style', this.style(n)) })];
  }

  private holdsField(n: HtmlNode): boolean {
    return descendants(n).some((d) => FIELDS.has(tagOf(d)));
  }

  /** Text and inline elements only (a paragraph written as a div). */
  private inlineOnly(n: HtmlNode): boolean {
    return descendants(n).every((d) => INLINE.has(tagOf(d)) || tagOf(d) === 'br' || FIELDS.has(tagOf(d)));
  }

  private input(n: HtmlNode): TemplateElement[] {
    const type = (attr(n, 'type') ?? '').toLowerCase();
    const group = this.groupOf.get(n);
    if (group) {
      if (this.emitted.has(group)) return [];
      this.emitted.add(group);
      const g = this.groups.get(group)!;
      if (!g.options.length) return [];
      const name = attr(n, 'name') || attr(n, 'id');
      return [this.made({ tag: g.type, uuid: this.uuid(name), data: { options: g.options } })];
    }
    if (!VALUE_INPUTS.has(type)) {
      this.removed++;
      return [];
    }
    return [this.made({ tag: 'input', uuid: this.uuid(attr(n, 'id')), ...opt('style', this.style(n)) })];
  }

  private select(n: HtmlNode): TemplateElement[] {
    const options: string[] = [];
    for (const o of descendants(n)) {
      if (tagOf(o) !== 'option') continue;
      const text = (this.textOf(o) || line(attr(o, 'value') ?? '')).slice(0, OPTION_MAX);
      if (text && !options.includes(text) && options.length < OPTIONS_MAX) options.push(text);
    }
    if (!options.length) return [];
    const tag = attr(n, 'multiple') !== undefined ? 'checkbox' : 'module';
    return [this.made({ tag, uuid: this.uuid(attr(n, 'id')), data: { options } })];
  }

  private table(n: HtmlNode): TemplateElement[] {
    const rows: TableCell[][] = [];
    const trs = childrenOf(n).flatMap((c) =>
      tagOf(c) === 'tr'
        ? [c]
        : ['thead', 'tbody', 'tfoot'].includes(tagOf(c))
          ? childrenOf(c).filter((r) => tagOf(r) === 'tr')
          : [],
    );
    for (const tr of trs.slice(0, 100)) {
      const cells = childrenOf(tr)
        .filter((c) => tagOf(c) === 'td' || tagOf(c) === 'th')
        .slice(0, 26)
        .map((c): TableCell => {
          const span = Number(attr(c, 'colspan'));
          const colspan = Number.isInteger(span) && span > 1 && span <= 26 ? { colspan: span } : {};
          if (descendants(c).some((d) => FIELDS.has(tagOf(d)))) return { input: true, ...colspan };
          return { text: this.textOf(c).slice(0, 500), ...colspan };
        });
      rows.push(cells);
    }
    if (!rows.some((r) => r.length)) return [];
    return [this.made({ tag: 'table', uuid: this.uuid(attr(n, 'id')), data: { rows } })];
  }

  private image(n: HtmlNode): TemplateElement[] {
    const src = attr(n, 'src') ?? '';
    if (!isSafeImageSrc(src)) {
      this.removed++;
      return [];
    }
    return [
      this.made({ tag: 'imgCom', uuid: this.uuid(attr(n, 'id')), src: src.trim(), ...opt('style', this.style(n)) }),
    ];
  }

  /** An element this platform exported: rebuilt from its data attributes, each checked as any other input. */
  private own(n: HtmlNode, depth: number): TemplateElement[] {
    const tag = attr(n, RX.tag) as (typeof TEMPLATE_TAGS)[number];
    if (!(TEMPLATE_TAGS as readonly string[]).includes(tag)) {
      this.removed++;
      return [];
    }
    const jfield = attr(n, RX.jfield);
    const src = attr(n, RX.src);
    const e: TemplateElement = {
      tag,
      uuid: this.uuid(attr(n, 'id')),
      ...opt('class', safeClass(attr(n, 'class'))),
      ...opt('style', this.jsonStyle(attr(n, RX.style))),
      ...opt('new_style', this.jsonStyle(attr(n, RX.newStyle))),
      ...opt('text', this.ownText(n, tag)),
      ...opt('jfield', jfield && JFIELD.test(jfield) ? jfield : undefined),
      ...opt('src', src !== undefined && isSafeImageSrc(src) ? src : undefined),
      ...opt('data', this.ownData(tag, attr(n, RX.data))),
    };
    if (src !== undefined && e.src === undefined) this.removed++;
    if (tag === 'div' || tag === 'nestDiv') e.childs = this.children(n, depth);
    const checked = TemplateElementSchema.safeParse(e);
    if (!checked.success) {
      this.removed++;
      return [];
    }
    return [this.made(checked.data)];
  }

  private ownText(n: HtmlNode, tag: string): string | undefined {
    const explicit = attr(n, RX.text);
    if (explicit !== undefined) return explicit.replace(CONTROL, '').slice(0, TEXT_MAX);
    if (tag === 'textContent') return this.textOf(n) || undefined;
    if (tag === 'textarea') return this.textOf(n, true) || undefined;
    return undefined;
  }

  private jsonStyle(raw: string | undefined): StyleObject | undefined {
    const value = this.json(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const kept = safeStyle(value as Record<string, unknown>);
    this.removed += Object.keys(value).length - Object.keys(kept ?? {}).length;
    return kept;
  }

  private ownData(tag: string, raw: string | undefined): unknown {
    const value = this.json(raw);
    if (value === undefined) return undefined;
    const schema =
      tag === 'table'
        ? TableDataSchema
        : tag === 'usRange'
          ? UsRangeDataSchema
          : ['checkbox', 'radio', 'module'].includes(tag)
            ? OptionsDataSchema
            : undefined;
    const checked = schema?.safeParse(value);
    if (!checked?.success) {
      this.removed++;
      return undefined;
    }
    return checked.data;
  }

  private json(raw: string | undefined): unknown {
    if (!raw || raw.length > 200_000 || jsonDepth(raw) > MAX_JSON_DEPTH) return undefined;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      this.removed++;
      return undefined;
    }
  }
}

/** `{ [key]: value }` when value is set, else nothing (optional fields stay absent, not undefined). */
function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
