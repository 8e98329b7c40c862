import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { useKnowledgeTree, useMostUsed } from '../api/knowledge-api';
import { KnowledgeTree, MostUsedList } from './knowledge-tree';

/** One read-only tree (public, group or hospital) with its most-used list. */
export function KnowledgeScopeView({
  scope,
  modality,
  onApply,
  withMostUsed = true,
}: {
  scope: KnowledgeScope;
  modality: string | undefined;
  onApply: (n: KnowledgeNode) => void;
  withMostUsed?: boolean;
}) {
  const tree = useKnowledgeTree(scope, modality);
  const most = useMostUsed(scope, modality, withMostUsed);
  return (
    <>
      <KnowledgeTree nodes={tree.data ?? []} loading={tree.isLoading} onApply={onApply} testId={`rw-tree-${scope}`} />
      {withMostUsed && !!most.data?.length && <MostUsedList nodes={most.data} onApply={onApply} />}
    </>
  );
}
