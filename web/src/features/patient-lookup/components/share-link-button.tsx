import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { usePermission } from '@web/lib/user-info';
import { ShareLinkModal } from './share-link-modal';

/** The writing screen's "share with patient" button: audited reports only (permission dashboard). */
export function ShareLinkButton({ studyIuid, audited }: { studyIuid: string; audited: boolean }) {
  const { t } = useTranslation('patientLookup');
  const allowed = usePermission(PERMISSIONS.DASHBOARD);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const button = (
    <Button
      block
      icon={<ShareAltOutlined />}
      disabled={!audited}
      onClick={() => setOpen(true)}
      data-testid="rw-btn-share"
    >
      {t('share.button')}
    </Button>
  );
  return (
    <>
      {audited ? button : <Tooltip title={t('share.auditedOnly')}>{button}</Tooltip>}
      {open && <ShareLinkModal studyIuid={studyIuid} onClose={() => setOpen(false)} />}
    </>
  );
}
