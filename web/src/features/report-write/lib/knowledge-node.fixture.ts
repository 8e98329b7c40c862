import type { KnowledgeNode } from '@shared/schemas/knowledge';

/** A wording node for tests: a personal folder unless told otherwise. */
export const knowledgeNode = (p: Partial<KnowledgeNode> = {}): KnowledgeNode => ({
  pk: 1,
  parent: null,
  label: `n${p.pk ?? 1}`,
  isleaf: false,
  ishtml: false,
  type: 'user',
  sj: '',
  yj: '',
  modality: '',
  used: 0,
  sort: 0,
  ...p,
});
