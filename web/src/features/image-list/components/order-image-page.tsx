import { EyeOutlined, PictureOutlined, SwapOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Tooltip, type ButtonProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import type { ImageStudyRow } from '@shared/schemas/images';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { openImageViewer } from '@web/features/image-viewer/open-viewer';
import { usePermission, useUserInfo } from '@web/lib/user-info';
import { restoreImages, useImageStudies } from '../api/image-list-api';
import { megabytes } from '../lib/image-facts';
import { imageStudiesSpec, type ImageStudyFilters } from '../lib/image-studies-list';
import { ImageListDrawer } from './image-list-drawer';

/** /orderImage: studies with stored images; a study's images (deleted ones marked) to restore or delete. */
export function OrderImagePage() {
  const { t } = useTranslation(['imageList', 'study']);
  const { modal, message } = App.useApp();
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const spec = useMemo(() => imageStudiesSpec(t, isSuper), [t, isSuper]);
  const state = useListParams(spec);
  const query = useImageStudies(state.params);
  const [open, setOpen] = useState<ImageStudyRow | null>(null);
  const canEdit = usePermission(PERMISSIONS.IMAGE_EDIT);

  const restoreAll = (r: ImageStudyRow) =>
    modal.confirm({
      title: t('confirmRestoreAll', { count: r.deleted_count, name: r.patient_name }),
      okButtonProps: { 'data-testid': 'il-confirm-ok' } as ButtonProps,
      onOk: async () => {
        const done = await restoreImages(r.study_iuid);
        void message.success(t('restoredCount', { count: done.changed }));
      },
    });

  const columns = useMemo(
    (): ListColumn<ImageStudyRow>[] => [
      ...(isSuper ? [{ title: t('study:fields.hospital_name'), dataIndex: 'hospital_name', width: 130 }] : []),
      { title: t('study:fields.patient_id'), dataIndex: 'patient_id', width: 120 },
      { title: t('study:fields.patient_name'), dataIndex: 'patient_name', key: 'patient_name', width: 120 },
      { title: t('study:fields.accession_no'), dataIndex: 'accession_no', width: 130 },
      { title: t('study:fields.study_datetime'), dataIndex: 'study_datetime', key: 'study_datetime', width: 160 },
      { title: t('columns.fileCount'), dataIndex: 'file_count', key: 'file_count', width: 100, align: 'right' },
      {
        title: t('columns.fileSize'),
        key: 'file_size',
        width: 110,
        align: 'right',
        render: (_: unknown, r: ImageStudyRow) => megabytes(r.file_size),
      },
      {
        title: t('columns.deletedCount'),
        dataIndex: 'deleted_count',
        key: 'deleted_count',
        width: 110,
        align: 'right',
        render: (n: number) => <span data-testid="il-row-deleted">{n}</span>,
      },
      { title: t('study:fields.modality'), dataIndex: 'modality', width: 100 },
      { title: t('study:fields.study_desc'), dataIndex: 'study_desc', width: 160, ellipsis: true },
      {
        title: t('study:actions.title'),
        key: 'actions',
        fixed: 'right',
        width: canEdit ? 150 : 120,
        render: (_: unknown, r: ImageStudyRow) => (
          <span className="rx-table-row-actions">
            <Tooltip title={t('drawerTitle')}>
              <Button
                type="link"
                size="small"
                icon={<PictureOutlined />}
                aria-label={t('drawerTitle')}
                onClick={() => setOpen(r)}
                data-testid="il-row-images"
              />
            </Tooltip>
            <Tooltip title={t('openViewer')}>
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('openViewer')}
                disabled={!r.file_count}
                onClick={() => openImageViewer(r.study_iuid)}
                data-testid="il-row-viewer"
              />
            </Tooltip>
            {canEdit && <ImageEditButton studyIuid={r.study_iuid} />}
            <Tooltip title={t('restoreAll')}>
              <Button
                type="link"
                size="small"
                icon={<UndoOutlined />}
                aria-label={t('restoreAll')}
                disabled={!r.deleted_count}
                onClick={() => restoreAll(r)}
                data-testid="il-row-restore-all"
              />
            </Tooltip>
          </span>
        ),
      },
    ],
    // restoreAll only closes over App's stable modal and message.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, isSuper, canEdit],
  );

  return (
    <ListPage<ImageStudyRow, ImageStudyFilters>
      testId="oi"
      pageTestId="order-image-page"
      route="/orderImage"
      spec={spec}
      state={state}
      query={query}
      columns={columns}
      rowKey="study_iuid"
      rowAttrs={(r) => ({ 'data-study': r.study_iuid })}
    >
      <ImageListDrawer
        studyIuid={open?.study_iuid ?? null}
        title={open?.patient_name}
        restore
        onClose={() => setOpen(null)}
      />
    </ListPage>
  );
}

/** Opens image edit for the study: move its series to another study, or merge it into one. */
function ImageEditButton({ studyIuid }: { studyIuid: string }) {
  const { t } = useTranslation('imageList');
  const navigate = useNavigate();
  return (
    <Tooltip title={t('imageEdit')}>
      <Button
        type="link"
        size="small"
        icon={<SwapOutlined />}
        aria-label={t('imageEdit')}
        onClick={() => void navigate(`/imageEdit?study_iuid=${encodeURIComponent(studyIuid)}`)}
        data-testid="il-row-edit"
      />
    </Tooltip>
  );
}
