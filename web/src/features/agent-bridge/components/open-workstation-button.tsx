import { DesktopOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenStudy } from '../hooks/use-open-study';

/** Row action: open the study in the local workstation viewer through the bridge. */
export function OpenWorkstationButton({ studyIuid, testId }: { studyIuid: string; testId: string }) {
  const { t } = useTranslation('bridge');
  const open = useOpenStudy();
  const [busy, setBusy] = useState(false);
  return (
    <Tooltip title={t('station.title')}>
      <Button
        type="link"
        size="small"
        icon={<DesktopOutlined />}
        loading={busy}
        aria-label={t('station.title')}
        onClick={() => {
          setBusy(true);
          void open(studyIuid).finally(() => setBusy(false));
        }}
        data-testid={testId}
      />
    </Tooltip>
  );
}
