import { isValidFormula, OptionsDataSchema, TableDataSchema, UsRangeDataSchema } from './document';
import { ELEMENT_UUID, isSafeImageSrc, isSafeStyle, JFIELD, safeClass } from './layout-safety';
import type { TemplateElement } from '../schemas/report';

/** Most elements a layout may have, nested ones included; deepest nesting of its containers. */
export const LAYOUT_MAX_ELEMENTS = 2000;
export const LAYOUT_MAX_DEPTH = 24;

export type LayoutProblem =
  | 'uuid'
  | 'duplicateUuid'
  | 'unsafeStyle'
  | 'unsafeSrc'
  | 'jfield'
  | 'class'
  | 'table'
  | 'formula'
  | 'range'
  | 'rangeOrder'
  | 'options'
  | 'tooMany'
  | 'tooDeep';

/**
 * What is wrong with a layout (spec section 5's template rules and what a layout may carry into the page,
 * `layout-safety.ts`), one entry per element and problem, in document order. Empty: it may be saved.
 * Walked with a stack: the layout is client input.
 */
export function layoutProblems(elements: readonly TemplateElement[]): { uuid: string; problem: LayoutProblem }[] {
  const out: { uuid: string; problem: LayoutProblem }[] = [];
  const seen = new Set<string>();
  const stack: { e: TemplateElement; depth: number }[] = elements.map((e) => ({ e, depth: 1 })).reverse();
  let count = 0;
  while (stack.length) {
    const { e, depth } = stack.pop()!;
    const bad = (problem: LayoutProblem) => out.push({ uuid: e.uuid, problem });
    if (++count > LAYOUT_MAX_ELEMENTS) {
      bad('tooMany');
      break;
    }
    if (depth > LAYOUT_MAX_DEPTH) bad('tooDeep');
    if (!ELEMENT_UUID.test(e.uuid)) bad('uuid');
    else if (seen.has(e.uuid)) bad('duplicateUuid');
    seen.add(e.uuid);
    for (const style of [e.style, e.new_style]) {
      if (style && Object.entries(style).some(([k, v]) => !isSafeStyle(k, v))) bad('unsafeStyle');
    }
    if (e.src !== undefined && e.src !== '' && !isSafeImageSrc(e.src)) bad('unsafeSrc');
    if (e.jfield !== undefined && e.jfield !== '' && !JFIELD.test(e.jfield)) bad('jfield');
    if (e.class !== undefined && e.class !== '' && safeClass(e.class) !== e.class.trim().replace(/\s+/g, ' '))
      bad('class');
    if (e.tag === 'table') {
      const table = TableDataSchema.safeParse(e.data);
      if (!table.success) bad('table');
      else {
        const { rows } = table.data;
        const cols = Math.max(0, ...rows.map((r) => r.length));
        const formulas = rows.flat().flatMap((c) => (c.formula !== undefined ? [c.formula] : []));
        if (formulas.some((f) => !isValidFormula(f, rows.length, cols))) bad('formula');
      }
    }
    if (e.tag === 'usRange') {
      const r = UsRangeDataSchema.safeParse(e.data);
      if (!r.success) bad('range');
      else {
        const months = r.data.ranges.map((x) => x.month);
        if (r.data.ranges.some((x) => !(x.min < x.max)) || new Set(months).size !== months.length) bad('rangeOrder');
      }
    }
    if (['checkbox', 'radio', 'module'].includes(e.tag) && !OptionsDataSchema.safeParse(e.data).success) bad('options');
    for (const c of [...(e.childs ?? [])].reverse()) stack.push({ e: c, depth: depth + 1 });
  }
  return out;
}
