import { PrinterOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Registration } from '@shared/schemas/queue';
import { openApplyPrint, openLabelPrint } from '@web/lib/print-page';
import { deskNo } from '../lib/desk-no';

export const DESK_PRINTS = ['printLabel', 'printApply'] as const;
export type DeskPrint = (typeof DESK_PRINTS)[number];

/** Opens the label (from the desk's own fields: the desk may not read reports) or the application form, in a new tab. */
export function deskPrint(what: DeskPrint, row: Registration): void {
  if (what === 'printApply') return openApplyPrint(row.study_iuid);
  openLabelPrint({
    patient_name: row.pat_name,
    patient_id: row.pat_id,
    accession_no: row.accession_no,
    modality: row.modality,
  });
}

/** The two printouts offered right after a registration (in the notice that follows it). */
export function RegisteredPrints({ row }: { row: Registration }) {
  const { t } = useTranslation('queueDesk');
  return (
    <Space wrap>
      {DESK_PRINTS.map((what) => (
        <Button
          key={what}
          size="small"
          icon={<PrinterOutlined />}
          onClick={() => deskPrint(what, row)}
          data-testid={`desk-registered-${what}`}
        >
          {t(`actions.${what}`)}
        </Button>
      ))}
    </Space>
  );
}

/** After a registration: the toast saying so, and a notice offering its label and application form. */
export function useRegisteredNotice(): (saved: Registration) => void {
  const { t } = useTranslation('queueDesk');
  const { message, notification } = App.useApp();
  return (saved) => {
    void message.success(
      saved.call_no
        ? t('done.registeredNumber', { name: saved.pat_name, no: deskNo(saved), room: saved.call_room })
        : t('done.registered', { name: saved.pat_name }),
    );
    notification.info({
      key: 'desk-registered-prints',
      title: t('print.title', { name: saved.pat_name }),
      description: <RegisteredPrints row={saved} />,
    });
  };
}
