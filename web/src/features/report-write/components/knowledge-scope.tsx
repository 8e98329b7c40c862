import { PERMISSIONS } from '@shared/permissions';
import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { useKnowledgeTree, useMostUsed } from '../api/knowledge-api';
import { KnowledgeTree, MostUsedList } from './knowledge-tree';
import { PersonalTab } from './personal-tab';

/**
 * Who may change a shared tree, as the server decides it (docs/decisions.md): the installation's public
 * tree the super administrator; a hospital's or a region's, holders of patorder:saveTemp and point:edit.
 */
export function mayEditShared(scope: KnowledgeScope, who: { can: (code: string) => boolean; isSuper: boolean }) {
  if (scope === 'public') return who.isSuper;
  return who.can(PERMISSIONS.SAVE_TEMP) && who.can(PERMISSIONS.POINT_EDIT);
}

/** One shared tree (public, group or hospital) with its most-used list; with edit buttons for who may change it. */
export function KnowledgeScopeView({
  scope,
  modality,
  onApply,
  withMostUsed = true,
  editor,
}: {
  scope: KnowledgeScope;
  modality: string | undefined;
  onApply: (n: KnowledgeNode) => void;
  withMostUsed?: boolean;
  /** The user, when they may change this tree. */
  editor?: { can: (code: string) => boolean; isSuper: boolean };
}) {
  const editable = !!editor && mayEditShared(scope, editor);
  const tree = useKnowledgeTree(scope, modality, !editable);
  const most = useMostUsed(scope, modality, withMostUsed && !editable);
  if (editable) return <PersonalTab scope={scope} editable modality={modality} onApply={onApply} can={editor.can} />;
  return (
    <>
      <KnowledgeTree nodes={tree.data ?? []} loading={tree.isLoading} onApply={onApply} testId={`rw-tree-${scope}`} />
      {withMostUsed && !!most.data?.length && <MostUsedList nodes={most.data} onApply={onApply} />}
    </>
  );
}
