import { describe, expect, it } from 'vitest';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { knowledgeNode } from './knowledge-node.fixture';
import { dropFromAntd, moveProblem, placeOf, planMove, type TreeDrop } from './tree-move';

const node = (pk: number, p: Partial<KnowledgeNode> = {}) => knowledgeNode({ pk, ...p });
const leaf = (pk: number, parent: number, sort = 0) => node(pk, { parent, isleaf: true, sort });

/**
 * 1 folder: 11, 12, 13 (all sort 0: ordered by pk), 2 (sub-folder: 21)
 * 3 folder: 31
 */
const tree = (): KnowledgeNode[] => [
  node(1, { children: [leaf(11, 1), leaf(12, 1), leaf(13, 1), node(2, { parent: 1, children: [leaf(21, 2)] })] }),
  node(3, { sort: 1, children: [leaf(31, 3)] }),
];
const plan = (drop: TreeDrop) => {
  const p = planMove(tree(), drop);
  return p.ok ? p.changes.map((c) => [c.node.pk, c.parent, c.sort]) : p.problem;
};

describe('antd drop info', () => {
  it('reads inside, before and after from dropToGap and the position relative to the target', () => {
    const base = { node: { key: 12, pos: '0-0-1' }, dragNode: { key: 31 } };
    expect(dropFromAntd({ ...base, dropToGap: false, dropPosition: 1 })).toEqual({
      dragPk: 31,
      targetPk: 12,
      place: 'inside',
    });
    expect(dropFromAntd({ ...base, dropToGap: true, dropPosition: 0 })?.place).toBe('before');
    expect(dropFromAntd({ ...base, dropToGap: true, dropPosition: 2 })?.place).toBe('after');
    expect(dropFromAntd({ ...base, dragNode: null, dropToGap: true, dropPosition: 2 })).toBeNull();
  });
  it('maps allowDrop positions', () => {
    expect([placeOf(-1), placeOf(0), placeOf(1)]).toEqual(['before', 'inside', 'after']);
  });
});

describe('moving a node', () => {
  it('into another folder: first there, the folder numbered anew', () => {
    expect(plan({ dragPk: 12, targetPk: 3, place: 'inside' })).toEqual([
      [12, 3, 0],
      [31, 3, 1],
    ]);
  });

  it('after a node of another folder, keeping what is already in place', () => {
    expect(plan({ dragPk: 11, targetPk: 31, place: 'after' })).toEqual([[11, 3, 1]]);
    // a folder moves too, with what is in it
    expect(plan({ dragPk: 2, targetPk: 3, place: 'before' })).toEqual([
      [2, null, 1],
      [3, null, 2],
    ]);
  });

  it('among its siblings: equal sorts are numbered so the order holds', () => {
    // 13 keeps sort 0 and now comes first; the others make room
    expect(plan({ dragPk: 13, targetPk: 11, place: 'before' })).toEqual([
      [11, 1, 1],
      [12, 1, 2],
      [2, 1, 3],
    ]);
    expect(plan({ dragPk: 11, targetPk: 12, place: 'after' })).toEqual([
      [11, 1, 1],
      [13, 1, 2],
      [2, 1, 3],
    ]);
  });

  it('nothing to save when the drop changes nothing', () => {
    const sorted = [node(1, { children: [leaf(11, 1, 0), leaf(12, 1, 1)] })];
    expect(planMove(sorted, { dragPk: 12, targetPk: 11, place: 'after' })).toEqual({ ok: true, changes: [] });
    expect(planMove(sorted, { dragPk: 11, targetPk: 11, place: 'after' })).toEqual({ ok: true, changes: [] });
  });
});

describe('refused before asking the server', () => {
  it('only folders take nodes inside', () => {
    expect(plan({ dragPk: 11, targetPk: 12, place: 'inside' })).toBe('moveIntoTemplate');
    expect(plan({ dragPk: 3, targetPk: 31, place: 'inside' })).toBe('moveIntoTemplate');
  });
  it('a folder never goes into itself or below itself', () => {
    expect(plan({ dragPk: 1, targetPk: 1, place: 'inside' })).toBe('moveIntoItself');
    expect(plan({ dragPk: 1, targetPk: 2, place: 'inside' })).toBe('moveIntoItself');
    expect(plan({ dragPk: 1, targetPk: 21, place: 'after' })).toBe('moveIntoItself');
    expect(plan({ dragPk: 1, targetPk: 12, place: 'before' })).toBe('moveIntoItself');
  });
  it('a template stays in a folder; a folder may go to the top', () => {
    expect(plan({ dragPk: 11, targetPk: 3, place: 'after' })).toBe('moveTemplateTop');
    expect(moveProblem(tree(), { dragPk: 2, targetPk: 3, place: 'after' })).toBeNull();
  });
  it('a node that is gone (changed elsewhere) is not moved', () => {
    expect(plan({ dragPk: 99, targetPk: 3, place: 'inside' })).toBe('moveGone');
    expect(plan({ dragPk: 11, targetPk: 99, place: 'inside' })).toBe('moveGone');
  });
});
