import { Button, Empty, List, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { dropFromAntd, moveProblem, placeOf, type TreeDrop } from '../lib/tree-move';

export const toTreeData = (nodes: KnowledgeNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.pk,
    title: (
      <span data-testid="rw-k-node" data-label={n.label} data-leaf={n.isleaf ? '1' : '0'} data-parent={n.parent ?? ''}>
        {n.label}
      </span>
    ),
    isLeaf: n.isleaf,
    children: n.isleaf ? undefined : toTreeData(n.children ?? []),
  }));

const folderKeys = (nodes: KnowledgeNode[]): number[] =>
  nodes.flatMap((n) => (n.isleaf ? [] : [n.pk, ...folderKeys(n.children ?? [])]));

export function findNode(nodes: KnowledgeNode[], pk: number): KnowledgeNode | undefined {
  for (const n of nodes) {
    if (n.pk === pk) return n;
    const c = findNode(n.children ?? [], pk);
    if (c) return c;
  }
  return undefined;
}

interface KnowledgeTreeProps {
  nodes: KnowledgeNode[];
  loading?: boolean;
  onApply: (n: KnowledgeNode) => void;
  /** The selected node (the personal tab acts on it). */
  onSelect?: (n: KnowledgeNode | undefined) => void;
  testId: string;
  /** Given for a tree the user may change: nodes are dragged to another folder or place. */
  onMove?: (drop: TreeDrop) => void;
  /** A move is being saved: no other drag until the tree is read again. */
  moving?: boolean;
}

/** A template tree: double click (or the apply button) applies a template; a preview shows its text. */
export function KnowledgeTree({ nodes, loading, onApply, onSelect, testId, onMove, moving }: KnowledgeTreeProps) {
  const { t } = useTranslation('report');
  const [selected, setSelected] = useState<KnowledgeNode | undefined>();
  const data = useMemo(() => toTreeData(nodes), [nodes]);
  // Folders are open unless the user closed them, including folders that appear or fill up later.
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const expanded = useMemo(() => folderKeys(nodes).filter((k) => !closed.has(k)), [nodes, closed]);
  if (loading) return <Spin size="small" />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} data-testid={testId} />;
  return (
    <div data-testid={testId} data-status={moving ? 'moving' : 'idle'}>
      <Tree
        treeData={data}
        blockNode
        // Stays draggable while a move is saved (turning it off mid-drop would lose antd's drag end);
        // no drop is accepted then.
        draggable={!!onMove}
        // Only where the move would be accepted: folders take nodes inside, a folder stays out of itself.
        allowDrop={({ dragNode, dropNode, dropPosition }) =>
          !moving &&
          !moveProblem(nodes, {
            dragPk: Number(dragNode.key),
            targetPk: Number(dropNode.key),
            place: placeOf(dropPosition),
          })
        }
        onDrop={(info) => {
          const drop = dropFromAntd(info);
          if (drop) onMove?.(drop);
        }}
        expandedKeys={expanded}
        onExpand={(_, info) =>
          setClosed((c) => {
            const next = new Set(c);
            if (info.expanded) next.delete(Number(info.node.key));
            else next.add(Number(info.node.key));
            return next;
          })
        }
        height={320}
        // A second click keeps the node selected (antd would unselect it): the toolbar acts on it.
        selectedKeys={selected ? [selected.pk] : []}
        onSelect={(_, info) => {
          const n = findNode(nodes, Number(info.node.key));
          setSelected(n);
          onSelect?.(n);
        }}
        onDoubleClick={(_, node) => {
          const n = findNode(nodes, Number(node.key));
          if (n?.isleaf) onApply(n);
        }}
      />
      {selected?.isleaf && (
        <div className="rx-k-preview">
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
            {selected.sj}
          </Typography.Paragraph>
          <Button size="small" type="primary" onClick={() => onApply(selected)} data-testid="rw-k-apply">
            {t('knowledge.apply')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The most-used templates of a tree, with their counts. */
export function MostUsedList({ nodes, onApply }: { nodes: KnowledgeNode[]; onApply: (n: KnowledgeNode) => void }) {
  const { t } = useTranslation('report');
  return (
    <List
      size="small"
      header={<b>{t('knowledge.mostUsed')}</b>}
      dataSource={nodes}
      data-testid="rw-most-used"
      renderItem={(n) => (
        <List.Item
          actions={[<span key="n">{n.used}</span>]}
          onDoubleClick={() => onApply(n)}
          style={{ cursor: 'pointer' }}
        >
          {n.label}
        </List.Item>
      )}
    />
  );
}
