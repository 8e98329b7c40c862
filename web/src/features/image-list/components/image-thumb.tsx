import { PictureOutlined } from '@ant-design/icons';
import { Checkbox, Tag } from 'antd';
import { memo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useThumbnail } from '../hooks/use-thumbnail';
import type { ListedImage } from '../lib/image-facts';
import type { ThumbBatcher } from '../lib/thumb-batcher';

interface ImageThumbProps {
  image: ListedImage;
  thumbs: ThumbBatcher;
  /** The images fetched with this one (a deleted image has none: it is not served). */
  page: readonly string[] | undefined;
  selected: boolean;
  onClick: (sop: string, shift: boolean) => void;
  onOpen: () => void;
}

/**
 * One image: its rendered thumbnail, asked for with the others in view (`ThumbBatcher`); a deleted image is
 * not served, so it shows the placeholder, marked.
 */
export const ImageThumb = memo(function ImageThumb(p: ImageThumbProps) {
  const { t } = useTranslation('imageList');
  const { image } = p;
  const deleted = !!image.del_image;
  const place = useRef<HTMLDivElement>(null);
  const thumb = useThumbnail(p.thumbs, image.sop_iuid, place, p.page);
  return (
    <div
      ref={place}
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
      <div className="rx-il-pic" data-state={deleted || thumb === null ? 'none' : thumb ? 'shown' : 'loading'}>
        {thumb && !deleted ? (
          <img src={thumb} alt={String(image.instance_number ?? '')} draggable={false} data-testid="il-thumb-img" />
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
