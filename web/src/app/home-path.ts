import type { MenuItem } from '@shared/schemas/auth';

/**
 * The first page of the user's menu, in menu order: where a user without the worklist
 * (a hospital administrator, say) lands instead of it. Undefined when the menu offers none.
 */
export function firstMenuPage(menus: readonly MenuItem[]): string | undefined {
  for (const m of menus) {
    if (m.path && !m.children?.length) return m.path;
    const inner = m.children ? firstMenuPage(m.children) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
