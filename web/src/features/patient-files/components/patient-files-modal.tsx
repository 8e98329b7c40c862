import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Modal, Popconfirm, Space, Table, Typography, Upload } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { PATFILE_ACCEPT, PATFILE_MAX_BYTES, PATFILE_MAX_MIB, type PatientFile } from '@shared/schemas/patient-files';
import { feedback } from '@web/lib/feedback';
import { testIdProp } from '@web/lib/test-id';
import { usePermission } from '@web/lib/user-info';
import { fileHref, useAddPatientFile, useDeletePatientFile, usePatientFiles } from '../api/patient-files-api';
import { hospitalTime } from '@web/lib/hospital-time';

const sizeText = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 ** 2).toFixed(1)} MB`);
const isImage = (f: PatientFile) => f.type.startsWith('image/');

/** The writing screen's patient attachment modal: list, view, add (patfileadd), delete (own, or any for role 1). */
export function PatientFilesModal({
  studyIuid,
  open,
  onClose,
}: {
  studyIuid: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('imageUpload');
  const mayAdd = usePermission(PERMISSIONS.PATFILE_ADD);
  const files = usePatientFiles(studyIuid, open);
  const add = useAddPatientFile(studyIuid);
  const remove = useDeletePatientFile(studyIuid);
  const [preview, setPreview] = useState<string>();

  const view = async (f: PatientFile) => {
    const href = await fileHref(studyIuid, f.pk);
    if (isImage(f)) setPreview(href);
    else window.open(href, '_blank', 'noopener');
  };
  const upload = async (file: File) => {
    if (file.size > PATFILE_MAX_BYTES) {
      void feedback().message.error(t('files.tooLarge', { mib: PATFILE_MAX_MIB }));
      return;
    }
    const added = await add.mutateAsync(file);
    void feedback().message.success(t('files.added', { name: added.name }));
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      title={t('files.title')}
      destroyOnHidden
      data-testid="patfile-modal"
    >
      {mayAdd && (
        <Space style={{ marginBottom: 12 }}>
          <Upload
            accept={PATFILE_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file).catch(() => undefined);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={add.isPending} data-testid="patfile-add">
              {t('files.add')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('files.accept', { mib: PATFILE_MAX_MIB })}</Typography.Text>
        </Space>
      )}
      <Table<PatientFile>
        size="small"
        rowKey="pk"
        loading={files.isLoading}
        dataSource={files.data ?? []}
        pagination={false}
        locale={{ emptyText: t('files.empty') }}
        data-testid="patfile-table"
        onRow={(f) => ({ 'data-testid': 'patfile-row', 'data-name': f.name }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'name', title: t('files.name'), dataIndex: 'name', ellipsis: true },
          { key: 'user', title: t('files.user'), dataIndex: 'create_user', width: 120 },
          {
            key: 'time',
            title: t('files.time'),
            dataIndex: 'create_time',
            width: 170,
            render: (v: string) => hospitalTime(v),
          },
          { key: 'size', title: t('files.size'), dataIndex: 'size_bytes', width: 90, render: sizeText },
          {
            key: 'actions',
            title: t('files.actions'),
            width: 150,
            render: (_v, f) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => void view(f)}
                  data-testid="patfile-view"
                >
                  {t('files.view')}
                </Button>
                {f.can_delete && (
                  <Popconfirm
                    title={t('files.deleteConfirm', { name: f.name })}
                    onConfirm={async () => {
                      await remove.mutateAsync(f.pk);
                      void feedback().message.success(t('files.deleted'));
                    }}
                    okButtonProps={{ danger: true, ...testIdProp('patfile-delete-ok') }}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="patfile-delete">
                      {t('files.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (v) => !v && setPreview(undefined) }}
        />
      )}
    </Modal>
  );
}
