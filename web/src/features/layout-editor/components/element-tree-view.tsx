import { Tree } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateElement } from '@shared/schemas/report';
import type { UndoHistory } from '../hooks/use-history';
import { type Drop, elementLabel, isContainer, moveElement } from '../lib/element-tree';

interface Props {
  history: UndoHistory<TemplateElement[]>;
  selected: string | undefined;
  onSelect: (uuid: string | undefined) => void;
  readOnly: boolean;
}

/** The layout's elements as a tree: select one, drag to reorder or nest, open and close containers. */
export function ElementTreeView({ history, selected, onSelect, readOnly }: Props) {
  const { t } = useTranslation('layoutEditor');
  const elements = history.value;
  // Containers are open unless closed by hand, new ones (an added row, a module's row) included.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const treeData = useMemo(() => {
    const toNode = (e: TemplateElement): TreeDataNode => ({
      key: e.uuid,
      title: (
        <span data-testid="le-node" data-uuid={e.uuid} data-tag={e.tag}>
          {elementLabel(e, t(`tags.${e.tag}`))}
        </span>
      ),
      isLeaf: !isContainer(e),
      children: e.childs?.map(toNode),
    });
    return elements.map(toNode);
  }, [elements, t]);
  const expandedKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (els: readonly TemplateElement[]) =>
      els.forEach((e) => {
        if (isContainer(e) && !collapsed.has(e.uuid)) keys.push(e.uuid);
        walk(e.childs ?? []);
      });
    walk(elements);
    return keys;
  }, [elements, collapsed]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const target = String(info.node.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const drop: Drop = !info.dropToGap ? 'inside' : relative === -1 ? 'before' : 'after';
    history.set((els) => moveElement(els, String(info.dragNode.key), target, drop));
  };

  return (
    <div className="le-tree" data-testid="le-tree">
      <Tree
        blockNode
        draggable={!readOnly}
        expandedKeys={expandedKeys}
        onExpand={(_, { node, expanded }) =>
          setCollapsed((c) => {
            const next = new Set(c);
            if (expanded) next.delete(String(node.key));
            else next.add(String(node.key));
            return next;
          })
        }
        treeData={treeData}
        selectedKeys={selected ? [selected] : []}
        onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : String(keys[0]))}
        onDrop={onDrop}
      />
    </div>
  );
}
