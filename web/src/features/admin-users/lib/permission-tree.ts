import type { PermissionNode } from '@shared/schemas/admin-role';

/** Each key's parent key (undefined for the top level) and child keys, for checking in a tree. */
export interface TreeIndex {
  parent: Map<string, string | undefined>;
  children: Map<string, string[]>;
}

/** The keys of installation-wide nodes. */
export function installationKeys(tree: readonly PermissionNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly PermissionNode[]) => {
    for (const n of nodes) {
      if (n.installation) out.add(n.key);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

export function indexTree(tree: readonly PermissionNode[]): TreeIndex {
  const parent = new Map<string, string | undefined>();
  const children = new Map<string, string[]>();
  const walk = (nodes: readonly PermissionNode[], up: string | undefined) => {
    for (const n of nodes) {
      parent.set(n.key, up);
      const kids = n.children ?? [];
      children.set(
        n.key,
        kids.map((k) => k.key),
      );
      walk(kids, n.key);
    }
  };
  walk(tree, undefined);
  return { parent, children };
}

function descendants(ix: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(ix.children.get(key) ?? [])];
  while (stack.length) {
    const k = stack.pop()!;
    out.push(k);
    stack.push(...(ix.children.get(k) ?? []));
  }
  return out;
}

/**
 * A page and its actions are held independently (a role may open a page without its buttons), so the
 * tree checks each node on its own, with two rules: checking a node checks its folders and page above it
 * (an action is of no use without its page), and unchecking a node unchecks everything below it.
 * Checking a folder or page also checks everything below, the usual way to grant a whole area.
 */
export function toggleKey(
  ix: TreeIndex,
  checked: readonly string[],
  key: string,
  on: boolean,
  /** Keys the role cannot hold (installation-wide ones on a hospital's role): never checked along. */
  blocked: ReadonlySet<string> = new Set(),
): string[] {
  const out = new Set(checked);
  if (on) {
    for (let k: string | undefined = key; k !== undefined; k = ix.parent.get(k)) out.add(k);
    for (const d of descendants(ix, key)) if (!blocked.has(d)) out.add(d);
  } else {
    out.delete(key);
    for (const d of descendants(ix, key)) out.delete(d);
  }
  return [...out];
}
