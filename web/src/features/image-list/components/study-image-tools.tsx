import { EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openImageViewer } from '@web/features/image-viewer/open-viewer';
import { ImageListDrawer } from './image-list-drawer';

/** The writing screen's image buttons: open the study in the web viewer, and its image list. */
export function StudyImageTools({ studyIuid, patientName }: { studyIuid: string; patientName?: string }) {
  const { t } = useTranslation('imageList');
  const [open, setOpen] = useState(false);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Button block icon={<EyeOutlined />} onClick={() => openImageViewer(studyIuid)} data-testid="rw-btn-openImage">
        {t('openImage')}
      </Button>
      <Button block icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="rw-btn-imageList">
        {t('drawerTitle')}
      </Button>
      <ImageListDrawer studyIuid={open ? studyIuid : null} title={patientName} onClose={() => setOpen(false)} />
    </div>
  );
}
