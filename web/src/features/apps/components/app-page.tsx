import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppCredentials, AppRow } from '@shared/schemas/apps';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useAppList } from '../api/apps-api';
import { appSpec, type AppFilters } from '../lib/app-list';
import { AppDetails } from './app-details';
import { AppForm } from './app-form';
import { AppRowActions } from './app-row-actions';
import { AppSecretDialog } from './app-secret-dialog';

type Shown = AppCredentials & { app_name: string };

/** Third-party apps (/app): search, column settings, details, create/edit, delete, reset secret (shown once). */
export function AppPage() {
  const { t, i18n } = useTranslation('apps');
  const { message } = App.useApp();
  const en = i18n.language === 'en-US';
  const spec = useMemo(() => appSpec(t), [t]);
  const state = useListParams(spec);
  const query = useAppList(state.params);
  const [editing, setEditing] = useState<AppRow | null | undefined>(undefined);
  const [details, setDetails] = useState<AppRow | null>(null);
  const [credentials, setCredentials] = useState<Shown | null>(null);
  const refetch = () => void query.refetch();

  const columns = useMemo(
    (): ListColumn<AppRow>[] => [
      {
        title: t('fields.app_name'),
        dataIndex: 'app_name',
        key: 'app_name',
        width: 160,
        ellipsis: true,
        render: (v: string) => <span data-testid="app-cell-name">{v}</span>,
      },
      {
        title: t('fields.client_id'),
        dataIndex: 'client_id',
        key: 'client_id',
        width: 250,
        render: (v: string) => (
          <Typography.Text code data-testid="app-cell-client-id">
            {v}
          </Typography.Text>
        ),
      },
      { title: t('fields.server_url'), dataIndex: 'server_url', key: 'server_url', width: 200, ellipsis: true },
      {
        title: t('fields.redirect_uris'),
        dataIndex: 'redirect_uris',
        key: 'redirect_uris',
        width: 240,
        ellipsis: true,
        render: (v: string[]) => v.join(', '),
      },
      { title: t('fields.remark'), dataIndex: 'remark', key: 'remark', width: 160, ellipsis: true },
      { title: t('fields.create_name'), dataIndex: 'create_name', key: 'create_name', width: 100, ellipsis: true },
      { title: t('fields.create_time'), dataIndex: 'create_time', key: 'create_time', width: 160, sorter: true },
      { title: t('fields.update_time'), dataIndex: 'update_time', key: 'update_time', width: 160, sorter: true },
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right',
        width: en ? 270 : 220,
        render: (_: unknown, r: AppRow) => (
          <AppRowActions
            row={r}
            onDetails={() => setDetails(r)}
            onEdit={() => setEditing(r)}
            onChanged={refetch}
            onCredentials={setCredentials}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch closes over the stable query object
    [t, en],
  );

  return (
    <>
      <ListPage<AppRow, AppFilters>
        testId="app"
        pageTestId="app-page"
        route="/app"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-name': r.app_name, 'data-client-id': r.client_id })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="app-new">
            {t('actions.new')}
          </Button>
        }
      />
      <AppForm
        row={editing}
        onClose={(saved) => {
          setEditing(undefined);
          if (!saved) return;
          void message.success(t('actions.saved'));
          if (saved.credentials) setCredentials(saved.credentials);
          refetch();
        }}
      />
      <AppDetails row={details} onClose={() => setDetails(null)} />
      <AppSecretDialog shown={credentials} onClose={() => setCredentials(null)} />
    </>
  );
}
