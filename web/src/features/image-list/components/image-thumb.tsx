import { PictureOutlined } from '@ant-design/icons';
import { Checkbox, Tag } from 'antd';
import { memo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { thumbUrl, type ListedImage } from '../lib/image-facts';

interface ImageThumbProps {
  studyIuid: string;
  image: ListedImage;
  token: string | undefined;
  selected: boolean;
  onClick: (sop: string, shift: boolean) => void;
  onOpen: () => void;
}

/**
 * One image: its rendered thumbnail, loaded only when scrolled near (a study may hold 2000 images);
 * a deleted image is not served, so it shows the placeholder, marked.
 */
export const ImageThumb = memo(function ImageThumb(p: ImageThumbProps) {
  const { t } = useTranslation('imageList');
  const [failed, setFailed] = useState(false);
  const { image } = p;
  const deleted = !!image.del_image;
  const show = !!p.token && !deleted && !failed;
  return (
    <div
      className="rx-il-thumb"
      data-testid="il-thumb"
      data-sop={image.sop_iuid}
      data-selected={String(p.selected)}
      data-deleted={String(deleted)}
      title={t('thumbHint')}
      onClick={(e: MouseEvent) => p.onClick(image.sop_iuid, e.shiftKey)}
      onDoubleClick={p.onOpen}
    >
      <Checkbox className="rx-il-check" checked={p.selected} tabIndex={-1} />
      <div className="rx-il-pic">
        {show ? (
          <img
            src={thumbUrl(p.studyIuid, image, p.token!)}
            loading="lazy"
            alt={String(image.instance_number ?? '')}
            draggable={false}
            onError={() => setFailed(true)}
            data-testid="il-thumb-img"
          />
        ) : (
          <PictureOutlined />
        )}
      </div>
      <div className="rx-il-label">
        <span>#{image.instance_number ?? '-'}</span>
        {deleted && (
          <Tag color="error" style={{ marginInlineEnd: 0 }} data-testid="il-deleted-tag">
            {t('deletedTag')}
          </Tag>
        )}
      </div>
    </div>
  );
});
