import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge, BridgeError } from '../bridge';

/** Opens a study in the local viewer and tells the user which way it went (or why it did not). */
export function useOpenStudy() {
  const { t } = useTranslation('bridge');
  const { message } = App.useApp();
  return useCallback(
    async (study_iuid: string) => {
      try {
        const r = await bridge.openStudy(study_iuid);
        if (r.via === 'protocol') void message.warning(t('station.openedProtocol'));
        else void message.success(t(r.via === 'extension' ? 'station.openedExtension' : 'station.openedAgent'));
        return r;
      } catch (e) {
        void message.error(t('station.failed', { msg: e instanceof BridgeError ? e.message : String(e) }));
        return null;
      }
    },
    [message, t],
  );
}
