import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictRow } from '@shared/schemas/admin-config';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { dictApi, useDictChildren, useDictParents } from '../api/dict-api';
import { dictColumns } from './dict-columns';
import { DictEditModal } from './dict-edit-modal';

type Editing = { row: DictRow | null; parentPk: number | null } | null;

/** Dictionaries on the left, the chosen one's entries on the right; add, edit and delete both. */
export function DictPage() {
  const { t, i18n } = useTranslation('adminConfig');
  const confirmDelete = useConfirmDelete();
  const parents = useDictParents();
  const [chosen, setChosen] = useState<DictRow | null>(null);
  const children = useDictChildren(chosen?.code);
  const [editing, setEditing] = useState<Editing>(null);
  const en = i18n.language.startsWith('en');
  const label = (r: DictRow) => (en && r.name_en ? r.name_en : r.name);

  const remove = (r: DictRow) =>
    confirmDelete({
      title: t('common.confirmDelete', { name: label(r) }),
      okTestId: 'dict-delete-ok',
      run: () => dictApi.remove(r.pk),
      done: t('common.deleted'),
      after: () => {
        if (r.pk === chosen?.pk) setChosen(null);
        void parents.refetch();
        void children.refetch();
      },
    });
  const columns = dictColumns(t, {
    label,
    onEdit: (r) => setEditing({ row: r, parentPk: r.parent_pk }),
    onDelete: remove,
  });

  return (
    <Row gutter={16} data-testid="dict-page">
      <Col span={10}>
        <Card
          title={t('dict.parents')}
          extra={
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing({ row: null, parentPk: null })}
              data-testid="dict-new-parent"
            >
              {t('dict.newParent')}
            </Button>
          }
        >
          <Table<DictRow>
            rowKey="pk"
            size="small"
            pagination={false}
            loading={parents.isFetching}
            dataSource={parents.data ?? []}
            columns={columns}
            onRow={(r) => ({
              onClick: () => setChosen(r),
              style: { cursor: 'pointer' },
              'data-testid': `dict-parent-${r.code}`,
            })}
            rowClassName={(r) => (r.pk === chosen?.pk ? 'ant-table-row-selected' : '')}
          />
        </Card>
      </Col>
      <Col span={14}>
        <Card
          title={chosen ? t('dict.children', { name: label(chosen) }) : t('dict.title')}
          extra={
            chosen && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => setEditing({ row: null, parentPk: chosen.pk })}
                data-testid="dict-new-child"
              >
                {t('dict.newChild')}
              </Button>
            )
          }
        >
          {chosen ? (
            <Table<DictRow>
              rowKey="pk"
              size="small"
              pagination={false}
              loading={children.isFetching}
              dataSource={children.data ?? []}
              columns={[
                ...columns.slice(0, 2),
                { title: t('dict.value'), dataIndex: 'value', key: 'value' },
                { title: t('dict.sort'), dataIndex: 'sort', key: 'sort', width: 80 },
                columns[2]!,
              ]}
              data-testid="dict-children"
            />
          ) : (
            <Empty description={t('dict.chooseParent')} />
          )}
        </Card>
      </Col>
      {editing && (
        <DictEditModal
          row={editing.row}
          parentPk={editing.parentPk}
          onClose={(changed) => {
            if (changed && editing.row && editing.row.pk === chosen?.pk) setChosen(null);
            setEditing(null);
            if (changed) {
              void parents.refetch();
              void children.refetch();
            }
          }}
        />
      )}
    </Row>
  );
}
