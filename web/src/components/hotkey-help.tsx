import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOTKEYS, type HotkeyAction } from '@web/lib/hotkeys';

/** How a combo is written on the keyboard: "Ctrl + Enter". */
const shown = (combo: string) =>
  combo
    .split('+')
    .map((k) => (k.length === 1 ? k.toUpperCase() : k[0]!.toUpperCase() + k.slice(1)))
    .join(' + ');

/** The desk's keys (F1 opens it): what each does and where. */
export function HotkeyHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('study');
  const rows = (Object.keys(HOTKEYS) as HotkeyAction[]).map((a) => ({ action: a, combo: shown(HOTKEYS[a]) }));
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
            render: (v: string) => <kbd className="rx-kbd">{v}</kbd>,
          },
          { title: t('hotkeys.does'), dataIndex: 'action', render: (a: HotkeyAction) => t(`hotkeys.${a}`) },
        ]}
      />
    </Modal>
  );
}
