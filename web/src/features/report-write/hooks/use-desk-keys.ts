import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHotkeys } from '@web/lib/use-hotkeys';
import { useOpenNextStudy } from '@web/lib/next-study';
import type { ActionButton, ButtonState } from '../lib/button-rules';
import { textsDirty, useEditorStore } from '../stores/editor-store';

interface DeskKeys {
  studyIuid: string;
  buttons: Record<ActionButton, ButtonState>;
  onAction: (b: ActionButton) => void;
  editable: boolean;
  onHelp: () => void;
}

/**
 * The writing screen's keys (lib/hotkeys.ts): save and audit as their buttons would (not while hidden, refused
 * or waiting), the next study to report (asking first when the text is not saved, as Close does), the help.
 */
export function useDeskKeys({ studyIuid, buttons, onAction, editable, onHelp }: DeskKeys): void {
  const { t } = useTranslation('report');
  const { modal } = App.useApp();
  const openNext = useOpenNextStudy();
  const press = (b: 'save' | 'audit') => {
    if (buttons[b].visible && buttons[b].enabled) onAction(b);
  };
  const next = () => {
    const go = () => void openNext(studyIuid);
    if (!textsDirty(useEditorStore.getState()) || !editable) return go();
    modal.confirm({ title: t('confirm.closeTitle'), content: t('confirm.close'), onOk: go });
  };
  useHotkeys({ save: () => press('save'), audit: () => press('audit'), next, help: onHelp });
}
