import { SendOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { usePermission } from '@web/lib/user-info';
import { ForwardModal } from './forward-modal';

/** The writing screen's forward button (patorder:fowardRpt): opens the image forwarding modal. */
export function ForwardButton({ studyIuid }: { studyIuid: string }) {
  const { t } = useTranslation('dicomForward');
  const allowed = usePermission(PERMISSIONS.FORWARD_RPT);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button block icon={<SendOutlined />} onClick={() => setOpen(true)} data-testid="rw-btn-forward">
        {t('button')}
      </Button>
      <ForwardModal studyIuid={studyIuid} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
