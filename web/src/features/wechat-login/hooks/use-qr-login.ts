import { useTranslation } from 'react-i18next';
import { isApiError } from '@web/lib/api-error';
import { feedback } from '@web/lib/feedback';
import { queryClient } from '@web/lib/query-client';
import { offeredQuery, startWechat } from '../api/wechat-login-api';

/**
 * The login page's QR icon action: when the server offers QR sign-in (/tool/getWeiXinLogin), go to the
 * platform's QR page; otherwise say that it is not enabled.
 */
export function useQrLogin(): () => void {
  const { t } = useTranslation('wechat');
  return () => {
    void (async () => {
      try {
        if (!(await queryClient.fetchQuery(offeredQuery))) {
          void feedback().message.info(t('notOffered'));
          return;
        }
        await startWechat('login');
      } catch (e) {
        void feedback().message.error(isApiError(e) ? e.message : t('startFailed'));
      }
    })();
  };
}
