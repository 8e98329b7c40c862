import type { Key } from 'react';
import type { KnowledgeNode } from '@shared/schemas/knowledge';

/** Where a dragged node lands: next to the target (same parent) or inside it as its first child. */
export type DropPlace = 'before' | 'after' | 'inside';

export interface TreeDrop {
  dragPk: number;
  targetPk: number;
  place: DropPlace;
}

/** What antd's Tree hands to onDrop (the parts read here). */
export interface AntdDropInfo {
  node: { key: Key; pos: string };
  dragNode: { key: Key } | null;
  /** The target's index among its siblings, -1 / +1 for a drop before / after it. */
  dropPosition: number;
  /** false: dropped onto the target, i.e. inside it. */
  dropToGap: boolean;
}

export function dropFromAntd(info: AntdDropInfo): TreeDrop | null {
  if (!info.dragNode) return null;
  const index = Number(info.node.pos.split('-').at(-1));
  const relative = info.dropPosition - index;
  return {
    dragPk: Number(info.dragNode.key),
    targetPk: Number(info.node.key),
    place: !info.dropToGap ? 'inside' : relative < 0 ? 'before' : 'after',
  };
}

/** antd's allowDrop position (-1 before, 0 inside, 1 after) as a place. */
export const placeOf = (dropPosition: -1 | 0 | 1): DropPlace =>
  dropPosition === 0 ? 'inside' : dropPosition < 0 ? 'before' : 'after';

export type MoveProblem = 'moveGone' | 'moveIntoTemplate' | 'moveIntoItself' | 'moveTemplateTop';

/** One node's new place, saved as it is otherwise. */
export interface NodeChange {
  node: KnowledgeNode;
  parent: number | null;
  sort: number;
}

export type MovePlan = { ok: true; changes: NodeChange[] } | { ok: false; problem: MoveProblem };

interface Located {
  node: KnowledgeNode;
  /** The list holding it: its parent's children, or the roots. */
  siblings: KnowledgeNode[];
}

function locate(nodes: KnowledgeNode[], pk: number): Located | undefined {
  for (const n of nodes) {
    if (n.pk === pk) return { node: n, siblings: nodes };
    const inner = locate(n.children ?? [], pk);
    if (inner) return inner;
  }
  return undefined;
}

const contains = (n: KnowledgeNode, pk: number): boolean =>
  n.pk === pk || (n.children ?? []).some((c) => contains(c, pk));

/**
 * Why the drop may not happen (the same rules as the server's, checked first): only folders take nodes
 * inside; a folder never goes into itself or below itself; a template always sits in a folder.
 */
export function moveProblem(nodes: KnowledgeNode[], drop: TreeDrop): MoveProblem | null {
  const drag = locate(nodes, drop.dragPk)?.node;
  const target = locate(nodes, drop.targetPk)?.node;
  if (!drag || !target) return 'moveGone';
  if (drop.place === 'inside' && target.isleaf) return 'moveIntoTemplate';
  const parent = drop.place === 'inside' ? target.pk : target.parent;
  if (parent !== null && contains(drag, parent)) return 'moveIntoItself';
  if (parent === null && drag.isleaf) return 'moveTemplateTop';
  return null;
}

/**
 * The saves a drop needs: the dragged node gets its new parent, and the list it lands in is numbered
 * 0, 1, 2... in its new order (the server orders siblings by sort, then pk, so equal sorts cannot express
 * an order). Only nodes whose parent or sort changes are saved: none when the drop changes nothing.
 * `nodes` should be the whole tree (not one modality's part), so hidden siblings keep their place too.
 */
export function planMove(nodes: KnowledgeNode[], drop: TreeDrop): MovePlan {
  const problem = moveProblem(nodes, drop);
  if (problem) return { ok: false, problem };
  const drag = locate(nodes, drop.dragPk)!.node;
  const target = locate(nodes, drop.targetPk)!;
  if (drag.pk === target.node.pk) return { ok: true, changes: [] };
  const parent = drop.place === 'inside' ? target.node.pk : target.node.parent;
  const list = (drop.place === 'inside' ? (target.node.children ?? []) : target.siblings).filter(
    (n) => n.pk !== drag.pk,
  );
  const at = drop.place === 'inside' ? 0 : list.indexOf(target.node) + (drop.place === 'after' ? 1 : 0);
  const order = [...list.slice(0, at), drag, ...list.slice(at)];
  const moved = drag.parent !== parent;
  const changes = order.flatMap((node, sort) =>
    node.sort === sort && (node !== drag || !moved)
      ? []
      : [{ node, parent: node === drag ? parent : node.parent, sort }],
  );
  // The dragged node first: if the server refuses it, nothing else has changed.
  return { ok: true, changes: [...changes.filter((c) => c.node === drag), ...changes.filter((c) => c.node !== drag)] };
}
