import { App, Button, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { effectiveHotkeys, HOTKEY_ACTIONS, HOTKEY_DEFAULTS, type HotkeyAction } from '@shared/schemas/hotkeys';
import { comboLabel, comboOf, hotkeysPause } from '@web/lib/hotkeys';
import { useUserInfo } from '@web/lib/user-info';
import { useSaveSettings } from '../api/save-settings';
import { rebind } from '../lib/own-hotkeys';

/** While `action` is set, the next key pressed (not a bare modifier) is handed over; Esc cancels. */
function useRecorder(action: HotkeyAction | null, onKey: (combo: string | null) => void) {
  useEffect(() => {
    if (!action) return;
    hotkeysPause.on = true;
    const listener = (e: KeyboardEvent) => {
      const combo = comboOf(e);
      if (!combo) return;
      e.preventDefault();
      e.stopPropagation();
      onKey(combo === 'escape' ? null : combo);
    };
    window.addEventListener('keydown', listener, true);
    return () => {
      hotkeysPause.on = false;
      window.removeEventListener('keydown', listener, true);
    };
  }, [action, onKey]);
}

/** The desk's keys of the signed-in user (data1.hotkeys): each recorded by pressing it, or reset to its default. */
export function HotkeysTab() {
  const { t } = useTranslation(['account', 'study']);
  const { message } = App.useApp();
  const own = useUserInfo().data?.user.data1.hotkeys;
  const save = useSaveSettings();
  const [recording, setRecording] = useState<HotkeyAction | null>(null);

  const bind = (action: HotkeyAction, combo: string) => {
    const r = rebind(own ?? {}, action, combo);
    if (!r.ok) {
      const key = comboLabel(combo);
      if (r.reason === 'notAllowed') return void message.error(t('hotkeys.notAllowed', { key }));
      if (r.reason === 'editing') return void message.error(t('hotkeys.editing', { key }));
      return void message.error(t('hotkeys.taken', { key, action: t(`study:hotkeys.${r.by}`) }));
    }
    save.mutate({ hotkeys: r.own }, { onSuccess: () => void message.success(t('hotkeys.saved')) });
  };
  const onKey = (combo: string | null) => {
    const action = recording;
    setRecording(null);
    if (action && combo) bind(action, combo);
  };
  useRecorder(recording, onKey);
  if (!own) return <Skeleton active />;
  const keys = effectiveHotkeys(own);

  return (
    <div data-testid="settings-hotkeys">
      <Typography.Paragraph type="secondary">{t('hotkeys.intro')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey={(a) => a}
        pagination={false}
        dataSource={HOTKEY_ACTIONS}
        onRow={(a) => ({ 'data-testid': `hotkey-row-${a}` }) as object}
        columns={[
          { title: t('hotkeys.action'), key: 'action', render: (_, a) => t(`study:hotkeys.${a}`) },
          {
            title: t('hotkeys.key'),
            key: 'key',
            width: 220,
            render: (_, a) => (
              <Space size={4}>
                <kbd className="rx-kbd" data-testid={`hotkey-key-${a}`}>
                  {recording === a ? t('hotkeys.recording') : comboLabel(keys[a])}
                </kbd>
                {own[a] && <Tag color="blue">{t('hotkeys.isOwn')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'do',
            width: 220,
            render: (_, a) => (
              <Space size={4}>
                <Button size="small" onClick={() => setRecording(a)} data-testid={`hotkey-record-${a}`}>
                  {t('hotkeys.record')}
                </Button>
                <Button
                  size="small"
                  disabled={!own[a]}
                  onClick={() => bind(a, HOTKEY_DEFAULTS[a])}
                  data-testid={`hotkey-reset-${a}`}
                >
                  {t('hotkeys.reset')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
