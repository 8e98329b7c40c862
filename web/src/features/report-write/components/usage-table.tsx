import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KnowledgeNode, KnowledgeScope } from '@shared/schemas/knowledge';
import { leavesOf, useKnowledgeTree } from '../api/knowledge-api';

/** Template usage: every template of a tree with its usage count, sortable. */
export function UsageTable({ scope, modality }: { scope: KnowledgeScope; modality: string | undefined }) {
  const { t } = useTranslation('report');
  const tree = useKnowledgeTree(scope, modality);
  return (
    <Table<KnowledgeNode>
      size="small"
      rowKey="pk"
      pagination={{ pageSize: 10, size: 'small' }}
      loading={tree.isLoading}
      dataSource={leavesOf(tree.data ?? [])}
      data-testid="rw-usage"
      columns={[
        { title: t('usage.name'), dataIndex: 'label' },
        {
          title: t('usage.count'),
          dataIndex: 'used',
          width: 90,
          sorter: (a, b) => a.used - b.used,
          defaultSortOrder: 'descend',
        },
      ]}
    />
  );
}
