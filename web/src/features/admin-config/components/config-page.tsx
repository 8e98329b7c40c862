import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigRow } from '@shared/schemas/admin-config';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { configApi, useConfigList } from '../api/config-api';
import { configSpec, type ConfigFilters } from '../lib/config-list';
import { ConfigEditModal } from './config-edit-modal';

/** Configuration entries (sys_config): typed editors for the platform's own, create and delete for custom ones. */
export function ConfigPage() {
  const { t, i18n } = useTranslation('adminConfig');
  const confirmDelete = useConfirmDelete();
  const spec = useMemo(() => configSpec(t), [t]);
  const state = useListParams(spec);
  const query = useConfigList(state.params);
  const [editing, setEditing] = useState<ConfigRow | null | undefined>(undefined);

  const columns = useMemo((): ListColumn<ConfigRow>[] => {
    const remove = (r: ConfigRow) =>
      confirmDelete({
        title: t('common.confirmDelete', { name: r.name }),
        okTestId: 'config-delete-ok',
        run: () => configApi.remove(r.pk),
        done: t('common.deleted'),
        after: () => void query.refetch(),
      });
    return [
      {
        title: t('config.name'),
        dataIndex: 'name',
        key: 'name',
        width: 200,
        render: (v: string, r) => (
          <Space size={4}>
            {v}
            {r.builtin && <Tag>{t('config.builtin')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('config.value'),
        dataIndex: 'value',
        key: 'value',
        ellipsis: true,
        render: (v: string, r) => (r.secret ? <LockOutlined title={t('config.secret')} /> : v),
      },
      {
        title: t('config.description'),
        dataIndex: 'description',
        key: 'description',
        ellipsis: true,
        // Built-in entries are described in the reader's language (the stored text is the seed's English).
        render: (v: string, r) =>
          r.builtin && i18n.exists(`adminConfig:builtinDescription.${r.name}`)
            ? t(`builtinDescription.${r.name}` as 'builtinDescription.use_captcha')
            : v,
      },
      { title: t('config.type'), dataIndex: 'type', key: 'type', sorter: true, width: 120 },
      {
        title: t('config.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: number) =>
          v === 1 ? <Tag color="green">{t('config.active')}</Tag> : <Tag>{t('config.disabled')}</Tag>,
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 130,
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`config-edit-${r.name}`}>
              {t('common.edit')}
            </Button>
            {!r.builtin && (
              <Button type="link" size="small" danger onClick={() => remove(r)} data-testid={`config-delete-${r.name}`}>
                {t('common.delete')}
              </Button>
            )}
          </Space>
        ),
      },
    ];
  }, [t, i18n, confirmDelete, query]);

  return (
    <>
      <ListPage<ConfigRow, ConfigFilters>
        testId="config"
        pageTestId="config-page"
        route="/system/config"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="config-new">
            {t('common.new')}
          </Button>
        }
      />
      {editing !== undefined && (
        <ConfigEditModal
          row={editing}
          onClose={(changed) => {
            setEditing(undefined);
            if (changed) void query.refetch();
          }}
        />
      )}
    </>
  );
}
