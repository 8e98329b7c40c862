import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@shared/schemas/account';
import { useUploadAvatar } from '../api/upload-avatar';

const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** The avatar and its upload (jpg/jpeg/png up to 512 KiB; the server checks the file's bytes too). */
export function AvatarUpload({ src }: { src: string }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const upload = useUploadAvatar();
  const kib = AVATAR_MAX_BYTES / 1024;

  const pick = (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) void message.error(t('avatar.type'));
    else if (file.size > AVATAR_MAX_BYTES) void message.error(t('avatar.tooLarge', { kib }));
    else upload.mutate(file, { onSuccess: () => void message.success(t('avatar.saved')) });
    return false; // our own request, not antd's
  };

  return (
    <Space orientation="vertical" align="center" size="middle" data-testid="avatar">
      <Avatar size={112} src={src || undefined} icon={<UserOutlined />} data-testid="avatar-image" />
      <Upload accept={ACCEPT} showUploadList={false} beforeUpload={pick} maxCount={1}>
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="avatar-upload">
          {t('avatar.change')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('avatar.hint', { kib })}</Typography.Text>
    </Space>
  );
}
