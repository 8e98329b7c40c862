import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImagePanel } from './image-panel';

interface ImageListDrawerProps {
  studyIuid: string | null;
  title?: string;
  restore?: boolean;
  onClose: () => void;
}

/** The image list of one study in a drawer (the writing screen's, and image management's). */
export function ImageListDrawer({ studyIuid, title, restore, onClose }: ImageListDrawerProps) {
  const { t } = useTranslation('imageList');
  return (
    <Drawer
      open={!!studyIuid}
      title={title ? `${t('drawerTitle')} · ${title}` : t('drawerTitle')}
      size={760}
      onClose={onClose}
      destroyOnHidden
      data-testid="il-drawer"
    >
      {studyIuid && <ImagePanel studyIuid={studyIuid} restore={restore} />}
    </Drawer>
  );
}
