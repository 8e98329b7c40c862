import { useQuery } from '@tanstack/react-query';
import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { apiPost } from '@web/lib/api-client';

export const knowledgeKey = (scope: KnowledgeScope, modality: string | undefined) => [
  'knowledge',
  scope,
  modality ?? '',
];

export function useKnowledgeTree(scope: KnowledgeScope, modality: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...knowledgeKey(scope, modality), 'tree'],
    enabled,
    queryFn: ({ signal }) => apiPost<KnowledgeNode[]>('/template/tree', { scope, modality }, { signal }),
  });
}

export function useMostUsed(scope: KnowledgeScope, modality: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...knowledgeKey(scope, modality), 'mostUsed'],
    enabled,
    queryFn: ({ signal }) => apiPost<KnowledgeNode[]>('/template/mostUsed', { scope, modality }, { signal }),
  });
}

export interface KnowledgeSave {
  scope?: KnowledgeScope;
  pk?: number;
  parent: number | null;
  label: string;
  isleaf: boolean;
  sj?: string;
  yj?: string;
  modality?: string;
}

export const knowledgeApi = {
  save: (n: KnowledgeSave) => apiPost<KnowledgeNode>('/template/save', n),
  remove: (pk: number) => apiPost<null>('/template/delete', { pk }),
  use: (pk: number) => apiPost<null>('/template/use', { pk }, { silent: true }),
};

/** Every leaf of a tree, depth first (the usage table lists them). */
export function leavesOf(nodes: KnowledgeNode[]): KnowledgeNode[] {
  return nodes.flatMap((n) => (n.isleaf ? [n] : leavesOf(n.children ?? [])));
}
