import { PaperClipOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { usePermission } from '@web/lib/user-info';
import { usePatientFiles } from '../api/patient-files-api';
import { PatientFilesModal } from './patient-files-modal';

/** The writing screen's attachment button, with the count beside it; shown with patorder:patfile. */
export function PatientFilesButton({ studyIuid }: { studyIuid: string }) {
  const { t } = useTranslation('imageUpload');
  const allowed = usePermission(PERMISSIONS.PATFILE);
  const [open, setOpen] = useState(false);
  const files = usePatientFiles(studyIuid, allowed);
  if (!allowed) return null;
  const count = files.data?.length ?? 0;
  return (
    <>
      <Badge
        count={count}
        showZero
        size="small"
        color={count ? undefined : '#bfbfbf'}
        data-testid="patfile-count"
        data-count={count}
      >
        <Button block icon={<PaperClipOutlined />} onClick={() => setOpen(true)} data-testid="rw-btn-patfile">
          {t('files.button')}
        </Button>
      </Badge>
      <PatientFilesModal studyIuid={studyIuid} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
