import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@web/components/image-upload-field';
import { useSetUserSign, useUserSign } from '../api/user-sign-api';

/** The edited user's signature image, set by their administrator (saved at once, apart from the form). */
export function UserSignField({ pk }: { pk: number }) {
  const { t } = useTranslation('adminUser');
  const sign = useUserSign(pk);
  const set = useSetUserSign(pk);
  if (!sign.data) return <Skeleton.Image active />;
  return (
    <ImageUploadField
      label={t('fields.sign')}
      value={sign.data.sign}
      testId="user-sign"
      wide
      onUpload={(file) => set.mutateAsync(file)}
      onRemove={() => set.mutateAsync(null)}
    />
  );
}
