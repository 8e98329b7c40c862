import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { comboLabel, type HotkeyAction } from '@web/lib/hotkeys';
import { useEffectiveHotkeys } from '@web/lib/use-hotkeys';

/** The desk's keys in force for the signed-in user (F1 by default opens it): what each does. */
export function HotkeyHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('study');
  const keys = useEffectiveHotkeys();
  const rows = (Object.keys(keys) as HotkeyAction[]).map((a) => ({ action: a, combo: comboLabel(keys[a]) }));
  return (
    <Modal open={open} title={t('hotkeys.title')} onCancel={onClose} footer={null} data-testid="hotkey-help">
      <Table
        size="small"
        rowKey="action"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('hotkeys.key'),
            dataIndex: 'combo',
            width: 140,
            render: (v: string, r) => (
              <kbd className="rx-kbd" data-testid={`hotkey-help-${r.action}`}>
                {v}
              </kbd>
            ),
          },
          { title: t('hotkeys.does'), dataIndex: 'action', render: (a: HotkeyAction) => t(`hotkeys.${a}`) },
        ]}
      />
    </Modal>
  );
}
