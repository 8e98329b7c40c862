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
  /** Place among its siblings; unchanged when absent. */
  sort?: number;
}

export const knowledgeApi = {
  save: (n: KnowledgeSave) => apiPost<KnowledgeNode>('/template/save', n),
  remove: (pk: number) => apiPost<null>('/template/delete', { pk }),
  use: (pk: number) => apiPost<null>('/template/use', { pk }, { silent: true }),
};

/** The whole tree of a scope, every modality's templates included: what a move is planned against. */
export const fetchWholeTree = (scope: KnowledgeScope) => apiPost<KnowledgeNode[]>('/template/tree', { scope });

/** A node saved as it is, at another parent or place. */
export const placeNode = (scope: KnowledgeScope, n: KnowledgeNode, at: { parent: number | null; sort: number }) =>
  knowledgeApi.save({
    scope,
    pk: n.pk,
    parent: at.parent,
    sort: at.sort,
    label: n.label,
    isleaf: n.isleaf,
    sj: n.sj,
    yj: n.yj,
    modality: n.modality || undefined,
  });

/** Every leaf of a tree, depth first (the usage table lists them). */
export function leavesOf(nodes: KnowledgeNode[]): KnowledgeNode[] {
  return nodes.flatMap((n) => (n.isleaf ? [n] : leavesOf(n.children ?? [])));
}
