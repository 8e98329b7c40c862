import { describe, expect, it } from 'vitest';
import type { TemplateElement } from '@shared/schemas/report';
import { layoutProblems } from '@shared/report/layout-rules';
import { TEMPLATE_TAGS } from '@shared/schemas/report';
import {
  findElement,
  insertElement,
  moduleFromSelection,
  moveElement,
  newElement,
  removeElement,
  updateElement,
} from './element-tree';

const tree = (): TemplateElement[] => [
  { tag: 'textContent', uuid: 'a', text: 'A' },
  { tag: 'div', uuid: 'row', childs: [{ tag: 'input', uuid: 'b' }] },
  { tag: 'hr', uuid: 'c' },
];
const uuids = (els: TemplateElement[]): string[] => els.flatMap((e) => [e.uuid, ...uuids(e.childs ?? [])]);

describe('element tree', () => {
  it('makes a valid new element of every tag', () => {
    const all = TEMPLATE_TAGS.map((t) => newElement(t));
    expect(layoutProblems(all)).toEqual([]);
    expect(new Set(all.map((e) => e.uuid)).size).toBe(all.length);
  });

  it('finds, updates and removes at any depth without touching the rest', () => {
    const t = tree();
    expect(findElement(t, 'b')?.tag).toBe('input');
    const u = updateElement(t, 'b', (e) => ({ ...e, jfield: 'patient_name' }));
    expect(findElement(u, 'b')?.jfield).toBe('patient_name');
    expect(u[0]).toBe(t[0]);
    expect(uuids(removeElement(t, 'b'))).toEqual(['a', 'row', 'c']);
  });

  it('inserts before, after and inside a container (after a plain element when inside is asked)', () => {
    const x: TemplateElement = { tag: 'hr', uuid: 'x' };
    expect(uuids(insertElement(tree(), x))).toEqual(['a', 'row', 'b', 'c', 'x']);
    expect(uuids(insertElement(tree(), x, 'a', 'before'))).toEqual(['x', 'a', 'row', 'b', 'c']);
    expect(uuids(insertElement(tree(), x, 'b', 'after'))).toEqual(['a', 'row', 'b', 'x', 'c']);
    expect(uuids(insertElement(tree(), x, 'row', 'inside'))).toEqual(['a', 'row', 'b', 'x', 'c']);
    expect(uuids(insertElement(tree(), x, 'c', 'inside'))).toEqual(['a', 'row', 'b', 'c', 'x']);
  });

  it('moves an element, never into itself', () => {
    expect(uuids(moveElement(tree(), 'c', 'row', 'inside'))).toEqual(['a', 'row', 'b', 'c']);
    expect(uuids(moveElement(tree(), 'b', 'a', 'before'))).toEqual(['b', 'a', 'row', 'c']);
    const nested: TemplateElement[] = [
      { tag: 'div', uuid: 'outer', childs: [{ tag: 'div', uuid: 'inner', childs: [] }] },
    ];
    expect(moveElement(nested, 'outer', 'inner', 'inside')).toEqual(nested);
    expect(moveElement(nested, 'outer', 'outer', 'inside')).toEqual(nested);
  });
});

describe('a module from selected text', () => {
  const text: TemplateElement = {
    tag: 'textContent',
    uuid: 't',
    text: '肝脏大小正常，形态规则',
    style: { color: 'red' },
  };

  it('needs selected words (spec section 5: text selected before assigning a module)', () => {
    expect(moduleFromSelection(text, 3, 3)).toBeNull();
    expect(moduleFromSelection(text, 4, 5)).not.toBeNull();
    expect(moduleFromSelection({ ...text, text: '肝脏  正常' }, 2, 4)).toBeNull();
    expect(moduleFromSelection({ ...text, jfield: 'patient_name' }, 0, 2)).toBeNull();
    expect(moduleFromSelection({ tag: 'textarea', uuid: 'x', text: '正常' }, 0, 2)).toBeNull();
  });

  it('splits the text around a module offering the selected words', () => {
    const row = moduleFromSelection(text, 4, 6)!;
    expect(row.tag).toBe('div');
    expect(row.childs!.map((c) => [c.tag, c.text])).toEqual([
      ['textContent', '肝脏大小'],
      ['module', '正常'],
      ['textContent', '，形态规则'],
    ]);
    expect(row.childs![1]!.data).toEqual({ options: ['正常'] });
    expect(row.childs![0]!.style).toMatchObject({ color: 'red' });
    expect(layoutProblems([row])).toEqual([]);
    expect(new Set(uuids([row])).size).toBe(4);
  });

  it('leaves out an empty side and reads a backwards selection', () => {
    expect(moduleFromSelection(text, 2, 0)!.childs!.map((c) => c.tag)).toEqual(['module', 'textContent']);
    expect(moduleFromSelection(text, 4, 99)!.childs!.map((c) => c.text)).toEqual(['肝脏大小', '正常，形态规则']);
  });
});
