import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@shared/schemas/admin-user';
import { testIdProp } from '@web/lib/test-id';
import { deleteUser, lockUser, resetUserPassword } from '../api/users-api';

interface Props {
  row: AdminUserRow;
  /** The signed-in user: no lock, reset or delete of oneself. */
  isSelf: boolean;
  /** A reset is a takeover: only of accounts whose role the caller could assign (the server's rule too). */
  canReset: boolean;
  onEdit: () => void;
  onChanged: () => void;
  onPassword: (password: string) => void;
}

/** Edit, lock/unlock, reset password and delete, each confirmed; the buttons wait while a request runs. */
export function UserRowActions({ row, isSelf, canReset, onEdit, onChanged, onPassword }: Props) {
  const { t } = useTranslation('adminUser');
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const name = row.ch_name || row.username;
  const locked = row.status !== 1;

  const confirm = (id: string, content: string, danger: boolean, run: () => Promise<void>) =>
    modal.confirm({
      title: name,
      content,
      okButtonProps: { danger, ...testIdProp(`user-confirm-${id}`) },
      onOk: async () => {
        setBusy(true);
        try {
          await run();
        } finally {
          setBusy(false);
        }
      },
    });

  const lock = () =>
    confirm(
      locked ? 'unlock' : 'lock',
      t(locked ? 'actions.unlockConfirm' : 'actions.lockConfirm', { name }),
      !locked,
      async () => {
        await lockUser(row.pk, !locked);
        void message.success(t(locked ? 'actions.unlocked' : 'actions.locked', { name }));
        onChanged();
      },
    );
  const reset = () =>
    confirm('reset', t('actions.resetConfirm', { name }), true, async () => {
      const { password } = await resetUserPassword(row.pk);
      onPassword(password);
      onChanged();
    });
  const remove = () =>
    confirm('delete', t('actions.deleteConfirm', { name }), true, async () => {
      await deleteUser(row.pk);
      void message.success(t('actions.deleted', { name }));
      onChanged();
    });

  const u = row.username;
  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" disabled={busy} onClick={onEdit} data-testid={`user-row-edit-${u}`}>
        {t('actions.edit')}
      </Button>
      <Button type="link" size="small" disabled={busy || isSelf} onClick={lock} data-testid={`user-row-lock-${u}`}>
        {locked ? t('actions.unlock') : t('actions.lock')}
      </Button>
      <Button
        type="link"
        size="small"
        disabled={busy || isSelf || !canReset}
        onClick={reset}
        data-testid={`user-row-reset-${u}`}
      >
        {t('actions.reset')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        disabled={busy || isSelf}
        onClick={remove}
        data-testid={`user-row-delete-${u}`}
      >
        {t('actions.delete')}
      </Button>
    </Space>
  );
}
