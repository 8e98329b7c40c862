import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Row, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { RoleRow } from '@shared/schemas/admin-role';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { useUserInfo } from '@web/lib/user-info';
import { deleteRole, useRoleList } from '../api/roles-api';
import { roleName } from '../lib/user-list';
import { roleColumns } from './role-columns';
import { RoleForm } from './role-form';
import { RolePermissions } from './role-permissions';

/** Roles (create, edit, delete) beside the chosen role's permission tree. */
export function RolePage() {
  const { t, i18n } = useTranslation('adminUser');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const roles = useRoleList();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);
  const en = i18n.language === 'en-US';
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const list = roles.data ?? [];
  // Until one is clicked, the first role that has permissions to edit is shown (not an empty panel).
  const shown = chosen ?? list.find((r) => !r.builtin)?.pk;
  const current = list.find((r) => r.pk === shown);

  const remove = (r: RoleRow) =>
    confirmDelete({
      title: roleName(r, en),
      content: t('roles.deleteConfirm', { name: roleName(r, en) }),
      okTestId: 'role-confirm-delete',
      run: () => deleteRole(r.pk),
      done: t('roles.deleted', { name: roleName(r, en) }),
      after: async () => {
        if (chosen === r.pk) setChosen(undefined);
        await roles.refetch();
      },
    });

  return (
    <Row gutter={16} data-testid="role-page">
      <Col xs={24} xl={12}>
        <Card
          title={t('roles.list')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="role-new">
              {t('roles.new')}
            </Button>
          }
        >
          <Table<RoleRow>
            rowKey="pk"
            size="small"
            loading={roles.isFetching}
            dataSource={list}
            pagination={false}
            data-testid="role-list"
            onRow={(r) => ({
              onClick: () => setChosen(r.pk),
              style: { cursor: 'pointer' },
              'data-testid': `role-row-${r.code}`,
              'data-chosen': String(r.pk === shown),
            })}
            rowClassName={(r) => (r.pk === shown ? 'ant-table-row-selected' : '')}
            columns={roleColumns(t, { en, onEdit: setEditing, onDelete: remove })}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <RolePermissions role={current} />
      </Col>
      <RoleForm
        row={editing}
        pickHospital={isSuper}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) {
            void message.success(t('actions.saved'));
            void roles.refetch();
          }
        }}
      />
    </Row>
  );
}
