import { DeleteOutlined, EyeOutlined, ReloadOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Space, Spin, Typography, type ButtonProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PERMISSIONS } from '@shared/permissions';
import { openImageViewer } from '@web/features/image-viewer/open-viewer';
import { usePermission } from '@web/lib/user-info';
import { deleteImages, fetchThumbnails, restoreImages, useDicomList } from '../api/image-list-api';
import { megabytes, seriesOf, totalsOf } from '../lib/image-facts';
import { clickImage, emptySelection, keepExisting, selectAll, type Selection } from '../lib/selection';
import { pagesOf, ThumbBatcher } from '../lib/thumb-batcher';
import { ImageThumb } from './image-thumb';
import './image-list.css';

interface ImagePanelProps {
  studyIuid: string;
  /** Image management also restores deleted images. */
  restore?: boolean;
}

/** A study's images by series: counts, selection, open in the viewer, delete (and restore) the selected ones. */
export function ImagePanel({ studyIuid, restore }: ImagePanelProps) {
  const { t } = useTranslation('imageList');
  const { message, modal } = App.useApp();
  const canDelete = usePermission(PERMISSIONS.DELETE_IMAGE);
  const canEdit = usePermission(PERMISSIONS.IMAGE_EDIT);
  const navigate = useNavigate();
  const list = useDicomList(studyIuid);
  const thumbs = useMemo(() => new ThumbBatcher((sops) => fetchThumbnails(studyIuid, sops)), [studyIuid]);
  const bySeries = useMemo(() => seriesOf(list.data), [list.data]);
  const images = useMemo(() => bySeries.flatMap((s) => s.images), [bySeries]);
  const order = useMemo(() => images.map((i) => i.sop_iuid), [images]);
  const pages = useMemo(() => pagesOf(images), [images]);
  const totals = totalsOf(images);
  const [held, setSel] = useState<Selection>(emptySelection);
  // After a reload only the images still listed stay selected.
  const sel = keepExisting(held, order);
  const [busy, setBusy] = useState(false);

  const onClick = (sop: string, shift: boolean) => setSel(clickImage(sel, order, sop, shift));
  const open = () => openImageViewer(studyIuid);
  const chosen = images.filter((i) => sel.keys.has(i.sop_iuid));

  const change = (kind: 'delete' | 'restore') => {
    if (!chosen.length) return void message.warning(t('noneSelected'));
    const todo = chosen.filter((i) => (kind === 'delete' ? !i.del_image : !!i.del_image)).map((i) => i.sop_iuid);
    if (!todo.length) return void message.warning(t(kind === 'delete' ? 'allDeleted' : 'noneDeleted'));
    modal.confirm({
      title: t(kind === 'delete' ? 'confirmDelete' : 'confirmRestore', { count: todo.length }),
      okButtonProps: { danger: kind === 'delete', 'data-testid': 'il-confirm-ok' } as ButtonProps,
      onOk: async () => {
        setBusy(true);
        try {
          const r = await (kind === 'delete' ? deleteImages(studyIuid, todo) : restoreImages(studyIuid, todo));
          void message.success(t(kind === 'delete' ? 'deletedCount' : 'restoredCount', { count: r.changed }));
          setSel(emptySelection);
        } finally {
          setBusy(false);
        }
      },
    });
  };

  if (list.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <div data-testid="il-panel" data-count={totals.count} data-deleted={totals.deleted}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text data-testid="il-totals">
          {t('totals', { count: totals.count, size: megabytes(totals.bytes) })}
          {totals.deleted > 0 && ` · ${t('deletedTotal', { count: totals.deleted })}`}
        </Typography.Text>
      </Space>
      <Space wrap style={{ display: 'flex', marginBottom: 8 }}>
        <Checkbox
          checked={!!order.length && sel.keys.size === order.length}
          indeterminate={sel.keys.size > 0 && sel.keys.size < order.length}
          onChange={(e) => setSel(selectAll(sel, order, e.target.checked))}
          disabled={!order.length}
          data-testid="il-select-all"
        >
          {t('selectAll')}
        </Checkbox>
        <Typography.Text type="secondary" data-testid="il-selected">
          {t('selected', { count: sel.keys.size })}
        </Typography.Text>
        <Button icon={<EyeOutlined />} onClick={open} disabled={!totals.count} data-testid="il-open-viewer">
          {t('openViewer')}
        </Button>
        {canDelete && (
          <Button
            danger
            icon={<DeleteOutlined />}
            loading={busy}
            onClick={() => change('delete')}
            data-testid="il-delete"
          >
            {t('deleteSelected')}
          </Button>
        )}
        {canDelete && restore && (
          <Button icon={<UndoOutlined />} loading={busy} onClick={() => change('restore')} data-testid="il-restore">
            {t('restoreSelected')}
          </Button>
        )}
        {canEdit && (
          <Button
            icon={<SwapOutlined />}
            onClick={() => void navigate(`/imageEdit?study_iuid=${encodeURIComponent(studyIuid)}`)}
            data-testid="il-image-edit"
          >
            {t('imageEditShort')}
          </Button>
        )}
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void list.refetch()}
          loading={list.isFetching}
          aria-label={t('refresh')}
          data-testid="il-refresh"
        />
      </Space>
      {!images.length && <Empty description={t('empty')} data-testid="il-empty" />}
      {bySeries.map((s) => (
        <section key={s.series_iuid} data-testid="il-series" data-series={s.series_iuid}>
          <Typography.Text strong>
            {t('series', { number: s.series_number ?? '-', count: s.images.length })} {s.modality} {s.series_desc}
          </Typography.Text>
          <div className="rx-il-grid">
            {s.images.map((i) => (
              <ImageThumb
                key={i.sop_iuid}
                image={i}
                thumbs={thumbs}
                page={pages.get(i.sop_iuid)}
                selected={sel.keys.has(i.sop_iuid)}
                onClick={onClick}
                onOpen={open}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
