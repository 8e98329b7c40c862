import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppCredentials, AppRow } from '@shared/schemas/apps';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { testIdProp } from '@web/lib/test-id';
import { deleteApp, resetAppSecret } from '../api/apps-api';

interface Props {
  row: AppRow;
  onDetails: () => void;
  onEdit: () => void;
  onChanged: () => void;
  onCredentials: (c: AppCredentials & { app_name: string }) => void;
}

/** Reset secret, details, edit and delete (the spec's order); reset and delete are confirmed. */
export function AppRowActions({ row, onDetails, onEdit, onChanged, onCredentials }: Props) {
  const { t } = useTranslation('apps');
  const { modal } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const name = row.app_name;

  const reset = () =>
    modal.confirm({
      title: t('actions.resetTitle'),
      content: t('actions.resetConfirm', { name }),
      okButtonProps: { danger: true, ...testIdProp('app-reset-ok') },
      onOk: async () => {
        const credentials = await resetAppSecret(row.pk);
        onCredentials({ ...credentials, app_name: name });
        onChanged();
      },
    });
  const remove = () =>
    confirmDelete({
      title: t('actions.deleteTitle'),
      content: t('actions.deleteConfirm', { name }),
      okTestId: 'app-delete-ok',
      run: () => deleteApp(row.pk),
      done: t('actions.deleted'),
      after: onChanged,
    });

  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" onClick={reset} data-testid="app-row-reset">
        {t('actions.resetSecret')}
      </Button>
      <Button type="link" size="small" onClick={onDetails} data-testid="app-row-details">
        {t('actions.details')}
      </Button>
      <Button type="link" size="small" onClick={onEdit} data-testid="app-row-edit">
        {t('actions.edit')}
      </Button>
      <Button type="link" size="small" danger onClick={remove} data-testid="app-row-delete">
        {t('actions.delete')}
      </Button>
    </Space>
  );
}
