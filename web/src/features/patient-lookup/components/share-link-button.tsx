import { ShareAltOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { usePermission } from '@web/lib/user-info';
import { ShareLinkModal } from './share-link-modal';

/**
 * The writing screen's "share with patient" button: audited reports of ours only (permission dashboard); a
 * third-party report has its own PDF, which the server will not share.
 */
export function ShareLinkButton({
  studyIuid,
  audited,
  thirdParty,
}: {
  studyIuid: string;
  audited: boolean;
  thirdParty: boolean;
}) {
  const { t } = useTranslation('patientLookup');
  const allowed = usePermission(PERMISSIONS.DASHBOARD);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const button = (
    <Button
      block
      icon={<ShareAltOutlined />}
      disabled={!audited || thirdParty}
      onClick={() => setOpen(true)}
      data-testid="rw-btn-share"
    >
      {t('share.button')}
    </Button>
  );
  return (
    <>
      {audited && !thirdParty ? (
        button
      ) : (
        <Tooltip title={t(thirdParty ? 'share.thirdParty' : 'share.auditedOnly')}>{button}</Tooltip>
      )}
      {open && <ShareLinkModal studyIuid={studyIuid} onClose={() => setOpen(false)} />}
    </>
  );
}
