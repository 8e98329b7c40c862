import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { isApiError } from '@web/lib/api-error';
import { fetchWholeTree, placeNode } from '../api/knowledge-api';
import { moveProblem, planMove, type TreeDrop } from '../lib/tree-move';

/**
 * Moves a node of a tree the user may change where it was dropped: checked against the tree on screen,
 * planned against the server's whole tree (other modalities' templates keep their place), saved node by
 * node, then the tree is read again. A refusal shows the server's message (the request layer does).
 */
export function useTreeMove(scope: KnowledgeScope) {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [moving, setMoving] = useState(false);

  const move = async (shown: KnowledgeNode[], drop: TreeDrop) => {
    const seen = moveProblem(shown, drop);
    if (seen) return void message.warning(t(`knowledge.${seen}`));
    setMoving(true);
    try {
      const plan = planMove(await fetchWholeTree(scope), drop);
      if (!plan.ok) return void message.warning(t(`knowledge.${plan.problem}`));
      for (const c of plan.changes) await placeNode(scope, c.node, c);
      if (plan.changes.length) void message.success(t('knowledge.moved'));
    } catch (e) {
      if (!isApiError(e)) throw e;
    } finally {
      await qc.invalidateQueries({ queryKey: ['knowledge', scope] });
      setMoving(false);
    }
  };
  return { move, moving };
}
