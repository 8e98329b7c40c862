import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegionNode } from '@shared/schemas/admin-org';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { deleteRegion, useRegionTree } from '../api/org-api';
import { RegionForm, type RegionEdit } from './region-form';

/** Regions (the spec's groups): a tree with add child, rename and delete on each node. */
export function RegionPage() {
  const { t, i18n } = useTranslation('adminOrg');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const tree = useRegionTree();
  const [edit, setEdit] = useState<RegionEdit | undefined>();
  const en = i18n.language.startsWith('en');

  const askDelete = (n: RegionNode) =>
    confirmDelete({
      title: t('region.deleteTitle'),
      content: t('region.deleteConfirm', { name: n.name }),
      okTestId: 'region-delete-ok',
      run: () => deleteRegion(n.pk),
      done: t('deleted'),
      after: () => void tree.refetch(),
    });

  const toData = (nodes: RegionNode[]): TreeDataNode[] =>
    nodes.map((n) => ({
      key: n.pk,
      title: (
        <Space data-testid="region-node" data-code={n.code}>
          <span>{en && n.name_en ? n.name_en : n.name}</span>
          <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{n.code}</span>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            title={t('region.addChild')}
            aria-label={t('region.addChild')}
            data-testid="region-add-child"
            onClick={() => setEdit({ parent: n })}
          />
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            title={t('region.rename')}
            aria-label={t('region.rename')}
            data-testid="region-rename"
            onClick={() => setEdit({ node: n })}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            title={t('delete')}
            aria-label={t('delete')}
            data-testid="region-delete"
            onClick={() => askDelete(n)}
          />
        </Space>
      ),
      children: toData(n.children),
    }));

  return (
    <Card
      data-testid="region-page"
      title={t('region.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEdit({ parent: null })}
          data-testid="region-new"
        >
          {t('region.addRoot')}
        </Button>
      }
    >
      {tree.isLoading ? (
        <Spin />
      ) : tree.data?.length ? (
        <Tree blockNode defaultExpandAll selectable={false} treeData={toData(tree.data)} data-testid="region-tree" />
      ) : (
        <Empty />
      )}
      <RegionForm
        edit={edit}
        onClose={(saved) => {
          setEdit(undefined);
          if (saved) {
            void message.success(t('saved'));
            void tree.refetch();
          }
        }}
      />
    </Card>
  );
}
