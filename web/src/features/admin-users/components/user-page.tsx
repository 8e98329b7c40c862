import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { AdminUserRow } from '@shared/schemas/admin-user';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useUserInfo } from '@web/lib/user-info';
import { useRoleList } from '../api/roles-api';
import { exportUsers, useUserList } from '../api/users-api';
import { userSpec, type UserFilters } from '../lib/user-list';
import { OneTimePassword } from './one-time-password';
import { UserForm } from './user-form';
import { UserRowActions } from './user-row-actions';

function StatusTag({ row }: { row: AdminUserRow }) {
  const { t } = useTranslation('adminUser');
  return (
    <>
      {row.status === 1 ? <Tag color="green">{t('status.active')}</Tag> : <Tag color="red">{t('status.locked')}</Tag>}
      {row.locked_until && (
        <Tooltip title={t('status.lockedUntil', { time: row.locked_until })}>
          <Tag color="orange">{t('status.locked')}</Tag>
        </Tooltip>
      )}
      {row.must_change_password && <Tag color="gold">{t('status.mustChange')}</Tag>}
      {row.reg_state !== 0 && (
        <Tag color="blue" data-testid="user-registration-badge">
          {t(row.reg_state === 1 ? 'status.regPendingMail' : 'status.regAwaiting')}
        </Tag>
      )}
    </>
  );
}

/** Users: filters, list with column settings and export, create/edit, lock, password reset, delete. */
export function UserPage() {
  const { t, i18n } = useTranslation('adminUser');
  const { message } = App.useApp();
  const me = useUserInfo().data?.user;
  const isSuper = me?.role_pk === SUPER_ADMIN_ROLE_PK;
  const en = i18n.language === 'en-US';
  const roles = useRoleList();
  const assignable = useMemo(() => new Set((roles.data ?? []).map((r) => r.pk)), [roles.data]);
  const spec = useMemo(() => userSpec(t, roles.data ?? [], isSuper, en), [t, roles.data, isSuper, en]);
  const state = useListParams(spec);
  const query = useUserList(state.params);
  const [editing, setEditing] = useState<AdminUserRow | null | undefined>(undefined);
  const [oneTime, setOneTime] = useState<{ name: string; password: string } | null>(null);
  const refetch = () => void query.refetch();

  const columns = useMemo(
    (): ListColumn<AdminUserRow>[] => [
      { title: t('fields.username'), dataIndex: 'username', key: 'username', width: 110, ellipsis: true },
      { title: t('fields.ch_name'), dataIndex: 'ch_name', key: 'ch_name', width: 90, ellipsis: true },
      {
        title: t('fields.gender'),
        dataIndex: 'gender',
        key: 'gender',
        width: en ? 76 : 56,
        render: (g: string) => (g === 'M' || g === 'F' ? t(`gender.${g}`) : ''),
      },
      { title: t('fields.phone'), dataIndex: 'phone', key: 'phone', width: 115, ellipsis: true },
      { title: t('fields.department'), dataIndex: 'department', key: 'department', width: 90, ellipsis: true },
      { title: t('fields.hospital'), dataIndex: 'hospital_name', key: 'hospital_code', width: 120, ellipsis: true },
      {
        title: t('fields.role'),
        key: 'role_pk',
        width: 110,
        ellipsis: true,
        render: (_: unknown, r: AdminUserRow) => (en ? r.role_name_en : r.role_name),
      },
      {
        title: t('fields.status'),
        key: 'status',
        width: 100,
        render: (_: unknown, r: AdminUserRow) => <StatusTag row={r} />,
      },
      { title: t('fields.create_time'), dataIndex: 'create_time', key: 'create_time', width: 150 },
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right',
        width: en ? 290 : 210,
        render: (_: unknown, r: AdminUserRow) => (
          <UserRowActions
            row={r}
            isSelf={r.pk === me?.pk}
            canReset={isSuper || (r.role_pk !== null && assignable.has(r.role_pk))}
            onEdit={() => setEditing(r)}
            onChanged={refetch}
            onPassword={(password) => setOneTime({ name: r.ch_name || r.username, password })}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch closes over the stable query object
    [t, en, me?.pk, isSuper, assignable],
  );

  return (
    <>
      <ListPage<AdminUserRow, UserFilters>
        testId="user"
        pageTestId="user-page"
        route="/system/user"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({
          'data-username': r.username,
          'data-status': String(r.status),
          'data-reg-state': String(r.reg_state),
        })}
        onExport={() => exportUsers(state.params)}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="user-new">
            {t('actions.new')}
          </Button>
        }
      />
      <UserForm
        row={editing}
        roles={roles.data ?? []}
        pickHospital={isSuper}
        myHospital={me?.hospital_code}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) {
            void message.success(t('actions.saved'));
            refetch();
          }
        }}
      />
      <OneTimePassword shown={oneTime} onClose={() => setOneTime(null)} />
    </>
  );
}
