import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayoutRow } from '@shared/schemas/layout';
import { activateLayout, discardDraft, layoutImpact } from '../api/layout-api';

/**
 * Activating a layout's draft (saying first how many studies not yet audited it will draw) and discarding
 * it, each behind a confirmation; `after` refreshes the list.
 */
export function useLayoutActivation(after: () => void) {
  const { t } = useTranslation('layoutEditor');
  const { modal, message } = App.useApp();

  const activate = async (row: LayoutRow) => {
    const { studies } = await layoutImpact(row.pk);
    modal.confirm({
      title: t('activate.title'),
      content: t('activate.confirm', { name: row.name, count: studies }),
      okText: t('activate.ok'),
      okButtonProps: { 'data-testid': 'layout-activate-ok' } as ButtonProps,
      onOk: async () => {
        await activateLayout(row.pk, row.version);
        void message.success(t('activate.done', { name: row.name }));
        after();
      },
    });
  };

  const discard = (row: LayoutRow) =>
    modal.confirm({
      title: t('discard.title'),
      content: t('discard.confirm', { name: row.name }),
      okButtonProps: { danger: true, 'data-testid': 'layout-discard-ok' } as ButtonProps,
      onOk: async () => {
        await discardDraft(row.pk);
        void message.success(t('discard.done'));
        after();
      },
    });

  return { activate, discard };
}
