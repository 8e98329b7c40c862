import { Button, Space } from 'antd';
import type { TFunction } from 'i18next';
import type { DictRow } from '@shared/schemas/admin-config';

type DictColumnsOptions = {
  label: (r: DictRow) => string;
  onEdit: (r: DictRow) => void;
  onDelete: (r: DictRow) => void;
};

/** Code, name and the row's edit and delete links (clicks on them do not choose the row). */
export function dictColumns(t: TFunction<'adminConfig'>, { label, onEdit, onDelete }: DictColumnsOptions) {
  const actions = (r: DictRow) => (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      <Button type="link" size="small" onClick={() => onEdit(r)} data-testid={`dict-edit-${r.code}`}>
        {t('common.edit')}
      </Button>
      <Button type="link" size="small" danger onClick={() => onDelete(r)} data-testid={`dict-delete-${r.code}`}>
        {t('common.delete')}
      </Button>
    </Space>
  );
  return [
    { title: t('dict.code'), dataIndex: 'code', key: 'code' },
    { title: t('dict.name'), key: 'name', render: (_: unknown, r: DictRow) => label(r) },
    { title: t('common.actions'), key: 'actions', width: 130, render: (_: unknown, r: DictRow) => actions(r) },
  ];
}
