import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordDialog } from '@web/features/account-settings/components/password-dialog';
import { queryClient } from '@web/lib/query-client';
import { signOut } from '@web/lib/sign-out';
import { USER_INFO_ROOT } from '@web/lib/user-info';

/**
 * An account whose password an administrator reset can do nothing but change it (the server refuses
 * everything else): the password dialog that cannot be closed, with signing out as the only other way.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation(['common', 'shell']);
  return (
    <PasswordDialog
      open
      forced={{
        notice: t('errors.passwordMustChange'),
        exit: (
          <Button type="link" onClick={() => void signOut()} data-testid="password-forced-sign-out">
            {t('shell:user.logout')}
          </Button>
        ),
      }}
      onClose={() => void queryClient.invalidateQueries({ queryKey: USER_INFO_ROOT })}
    />
  );
}
