import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { PwdErrorRow } from '@shared/schemas/auth';
import { useUserInfo } from '@web/lib/user-info';
import { useDeletePwdError, usePwdErrors } from '../api/pwd-errors';

/** Failed sign-ins per username; the super administrator may delete an entry (which lifts the lock). */
export function PwdErrorPage() {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const { data: info } = useUserInfo();
  const list = usePwdErrors();
  const del = useDeletePwdError();
  const canDelete = info?.user.role_pk === SUPER_ADMIN_ROLE_PK;

  const columns: TableColumnsType<PwdErrorRow> = [
    { title: t('pwdErrors.index'), key: 'index', width: 70, render: (_v, _r, i) => i + 1 },
    {
      title: t('pwdErrors.name'),
      dataIndex: 'name',
      render: (v: string) => <span data-testid="pwd-name">{v}</span>,
    },
    {
      title: t('pwdErrors.count'),
      dataIndex: 'count',
      width: 120,
      sorter: (a, b) => a.count - b.count,
      render: (v: number) => <span data-testid="pwd-count">{v}</span>,
    },
    { title: t('pwdErrors.lastTime'), dataIndex: 'last_time', width: 180 },
    {
      title: t('pwdErrors.locked'),
      dataIndex: 'locked',
      width: 180,
      render: (v: boolean, r: PwdErrorRow) => (
        <span data-testid="pwd-state" data-locked={String(v)} data-throttled={String(r.throttled)}>
          {v ? (
            <Tag color="error">{t('pwdErrors.lockedYes')}</Tag>
          ) : (
            <Tag color="success">{t('pwdErrors.lockedNo')}</Tag>
          )}
          {r.throttled && (
            <Tooltip title={t('pwdErrors.throttledTip')}>
              <Tag color="warning">{t('pwdErrors.throttled')}</Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    ...(canDelete
      ? [
          {
            title: t('pwdErrors.action'),
            key: 'action',
            width: 100,
            render: (_: unknown, r: PwdErrorRow) => (
              <Popconfirm
                title={t('pwdErrors.deleteConfirm', { name: r.name })}
                onConfirm={async () => {
                  await del.mutateAsync(r.key);
                  // (not returned: antd's message is a thenable that settles only when it closes)
                  void message.success(t('pwdErrors.deleted'));
                }}
                okButtonProps={{ danger: true }}
              >
                <Button type="link" danger size="small" icon={<DeleteOutlined />} data-testid="pwd-delete">
                  {t('pwdErrors.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t('pwdErrors.title')} data-testid="pwd-error-page">
      <div style={{ marginBottom: 16 }}>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void list.refetch()}
          loading={list.isFetching}
          data-testid="pwd-refresh"
        >
          {t('pwdErrors.refresh')}
        </Button>
      </div>
      <div data-testid="pwd-result" data-fetching={String(list.isFetching)}>
        <Table<PwdErrorRow>
          rowKey="key"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 720 }}
          onRow={(r) => ({ 'data-testid': 'pwd-row', 'data-key': r.key }) as HTMLAttributes<HTMLElement>}
        />
      </div>
    </Card>
  );
}
