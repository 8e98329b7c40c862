import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import type { StudyRow } from '@shared/schemas/order';
import { openApplyPrint, openLabelPrint } from '@web/lib/print-page';
import { usePermission } from '@web/lib/user-info';
import { DeleteStudyDialog } from './delete-study-dialog';

/**
 * The row's less frequent actions behind one icon, so the row keeps six at 1440 px: the study's other
 * printouts, each in a new signed-in tab that prints itself (the patient label, read from the study by those
 * who may read reports, else from the row's own fields; the application form), and, with order:delete,
 * deleting the study to the recycle bin.
 */
export function RowMoreMenu({ study }: { study: StudyRow }) {
  const { t } = useTranslation('study');
  const { t: tr } = useTranslation('recycle');
  const canRead = usePermission(PERMISSIONS.DASHBOARD);
  const canDelete = usePermission(PERMISSIONS.ORDER_DELETE);
  const [deleting, setDeleting] = useState(false);
  const label = () =>
    openLabelPrint(
      canRead
        ? { study_iuid: study.study_iuid }
        : {
            patient_name: study.patient_name,
            patient_id: study.patient_id,
            accession_no: study.accession_no,
            modality: study.modality,
          },
    );
  const items: MenuProps['items'] = [
    { key: 'label', label: <span data-testid="row-print-label">{t('actions.printLabel')}</span> },
    { key: 'apply', label: <span data-testid="row-print-apply">{t('actions.printApply')}</span> },
    ...(canDelete
      ? [
          { type: 'divider' as const },
          { key: 'delete', danger: true, label: <span data-testid="row-delete-study">{tr('actions.delete')}</span> },
        ]
      : []),
  ];
  const run = (key: string) => {
    if (key === 'label') label();
    else if (key === 'apply') openApplyPrint(study.study_iuid);
    else setDeleting(true);
  };
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => run(key) }}>
        <Tooltip title={t('actions.more')}>
          <Button
            type="link"
            size="small"
            icon={<EllipsisOutlined />}
            aria-label={t('actions.more')}
            data-testid="row-more"
          />
        </Tooltip>
      </Dropdown>
      {deleting && <DeleteStudyDialog study={study} onClose={() => setDeleting(false)} />}
    </>
  );
}
