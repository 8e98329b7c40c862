import type { KnowledgeNode } from '@shared/schemas/knowledge';

/** Spec section 5 folder rules, checked here before the server checks them again. */
export function folderProblem(
  action: 'template' | 'delete',
  selected: KnowledgeNode | undefined,
): 'needFolder' | 'notEmpty' | 'needSelection' | null {
  if (action === 'template') return selected && !selected.isleaf ? null : 'needFolder';
  if (!selected) return 'needSelection';
  return !selected.isleaf && (selected.children?.length ?? 0) > 0 ? 'notEmpty' : null;
}
