import type { TemplateElement } from '@shared/schemas/report';

export type Tag = TemplateElement['tag'];
export const CONTAINERS: readonly Tag[] = ['div', 'nestDiv'];
export const isContainer = (e: TemplateElement) => CONTAINERS.includes(e.tag);

let counter = 0;
/** A uuid no element of this editing session has: the tag, the time and a counter. */
export const newUuid = (tag: Tag) => `${tag}-${Date.now().toString(36)}-${(++counter).toString(36)}`;

/** The words a new element starts with, in the editor's language (the layout's content is the user's). */
export interface NewElementWords {
  text: string;
  item: string;
  value: string;
  options: [string, string];
}
const CHINESE_WORDS: NewElementWords = { text: '文本', item: '项目', value: '数值', options: ['选项一', '选项二'] };

/** A new element of a tag with what it needs to show something (the editor's palette). */
export function newElement(tag: Tag, words: NewElementWords = CHINESE_WORDS): TemplateElement {
  const base = { tag, uuid: newUuid(tag) };
  switch (tag) {
    case 'textContent':
      return { ...base, text: words.text };
    case 'input':
      return { ...base, style: { width: '25%' } };
    case 'textarea':
      return { ...base, style: { minHeight: '30mm' } };
    case 'imgCom':
      return { ...base, jfield: 'hospital_logo', style: { height: '15mm' } };
    case 'div':
      return { ...base, class: 'rpt-row', style: { display: 'flex', alignItems: 'baseline', gap: '2mm' }, childs: [] };
    case 'nestDiv':
      return { ...base, childs: [] };
    case 'table':
      return {
        ...base,
        data: {
          rows: [
            [{ text: words.item }, { text: words.value }],
            [{ text: '' }, { input: true }],
          ],
        },
      };
    case 'usRange':
      return { ...base, data: { label: '', unit: 'mm', ranges: [{ month: 5, min: 40, max: 50 }] } };
    case 'checkbox':
    case 'radio':
    case 'module':
      return { ...base, data: { options: [...words.options] } };
    default:
      return base;
  }
}

/** The element with this uuid, anywhere in the tree. */
export function findElement(elements: readonly TemplateElement[], uuid: string): TemplateElement | undefined {
  for (const e of elements) {
    if (e.uuid === uuid) return e;
    const inner = e.childs ? findElement(e.childs, uuid) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Every element with `fn` applied to the one with this uuid (a new tree; the rest shared). */
export function updateElement(
  elements: readonly TemplateElement[],
  uuid: string,
  fn: (e: TemplateElement) => TemplateElement,
): TemplateElement[] {
  return elements.map((e) => {
    if (e.uuid === uuid) return fn(e);
    return e.childs ? { ...e, childs: updateElement(e.childs, uuid, fn) } : e;
  });
}

export function removeElement(elements: readonly TemplateElement[], uuid: string): TemplateElement[] {
  return elements
    .filter((e) => e.uuid !== uuid)
    .map((e) => (e.childs ? { ...e, childs: removeElement(e.childs, uuid) } : e));
}

export type Drop = 'before' | 'after' | 'inside';

/** `element` placed before, after or (for a container) inside the element `target`; at the end without one. */
export function insertElement(
  elements: readonly TemplateElement[],
  element: TemplateElement,
  target?: string,
  drop: Drop = 'after',
): TemplateElement[] {
  if (!target) return [...elements, element];
  const out: TemplateElement[] = [];
  for (const e of elements) {
    if (e.uuid === target && drop === 'before') out.push(element);
    if (e.uuid === target && drop === 'inside' && isContainer(e)) {
      out.push({ ...e, childs: [...(e.childs ?? []), element] });
    } else {
      out.push(e.childs ? { ...e, childs: insertElement(e.childs, element, target, drop) } : e);
    }
    if (e.uuid === target && (drop === 'after' || (drop === 'inside' && !isContainer(e)))) out.push(element);
  }
  return out;
}

/** Moves an element next to or into another; never into itself or one of its own children. */
export function moveElement(
  elements: readonly TemplateElement[],
  uuid: string,
  target: string,
  drop: Drop,
): TemplateElement[] {
  const moving = findElement(elements, uuid);
  if (!moving || uuid === target || (moving.childs && findElement(moving.childs, target))) return [...elements];
  return insertElement(removeElement(elements, uuid), moving, target, drop);
}

/** The element, another uuid and new uuids for all inside it (a copy). */
export function copyElement(e: TemplateElement): TemplateElement {
  return { ...e, uuid: newUuid(e.tag), ...(e.childs ? { childs: e.childs.map(copyElement) } : {}) };
}

/**
 * A text element with the characters `start`..`end` of its text made a module (spec section 5: the text is
 * selected first): a row of the text before, the module and the text after. The module offers the selected
 * words as its first option and shows them until the doctor picks another. Null when nothing is selected
 * or the element is not plain text.
 */
export function moduleFromSelection(e: TemplateElement, start: number, end: number): TemplateElement | null {
  const text = e.text ?? '';
  if (e.tag !== 'textContent' || e.jfield) return null;
  const [from, to] = [Math.max(0, Math.min(start, end)), Math.min(text.length, Math.max(start, end))];
  const picked = text.slice(from, to).trim();
  if (!picked) return null;
  const piece = (t: string): TemplateElement[] =>
    t.trim() ? [{ ...e, uuid: newUuid('textContent'), text: t, style: { ...e.style, margin: 0 } }] : [];
  return {
    tag: 'div',
    uuid: newUuid('div'),
    class: 'rpt-row',
    style: { display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: '1mm' },
    childs: [
      ...piece(text.slice(0, from)),
      { tag: 'module', uuid: newUuid('module'), text: picked, data: { options: [picked] } },
      ...piece(text.slice(to)),
    ],
  };
}

/** How the editor names an element: its tag's name and the start of its text or field. */
export function elementLabel(e: TemplateElement, tagName: string): string {
  const what = e.text ?? e.jfield ?? '';
  return `${tagName}${what ? ` · ${what.slice(0, 24)}` : ''}`;
}
