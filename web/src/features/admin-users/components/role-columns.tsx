import { Button, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { RoleRow } from '@shared/schemas/admin-role';
import { roleName } from '../lib/user-list';

type RoleColumnsOptions = {
  en: boolean;
  onEdit: (r: RoleRow) => void;
  onDelete: (r: RoleRow) => void;
};

/** The role list's columns; built-in roles have no edit or delete links. */
export function roleColumns(t: TFunction<'adminUser'>, { en, onEdit, onDelete }: RoleColumnsOptions) {
  const columns: TableColumnsType<RoleRow> = [
    { title: t('roles.code'), dataIndex: 'code', width: 150 },
    {
      title: t('roles.name'),
      key: 'name',
      render: (_, r) => (
        <>
          {roleName(r, en)}
          {r.builtin && <Tag style={{ marginInlineStart: 8 }}>{t('roles.builtin')}</Tag>}
        </>
      ),
    },
    {
      title: t('roles.hospital'),
      key: 'hospital',
      width: 110,
      render: (_, r) =>
        r.builtin ? null : (
          <Tag bordered={false} color={r.hospital_code ? 'blue' : undefined} data-testid={`role-hospital-${r.code}`}>
            {r.hospital_code ?? t('roles.shared')}
          </Tag>
        ),
    },
    { title: t('roles.users'), dataIndex: 'users', width: 80 },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 140,
      render: (_, r) =>
        !r.builtin && (
          <Space size={0} onClick={(e) => e.stopPropagation()}>
            <Button type="link" size="small" onClick={() => onEdit(r)} data-testid={`role-edit-${r.code}`}>
              {t('actions.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              disabled={r.users > 0}
              onClick={() => onDelete(r)}
              data-testid={`role-delete-${r.code}`}
            >
              {t('actions.delete')}
            </Button>
          </Space>
        ),
    },
  ];
  return columns;
}
