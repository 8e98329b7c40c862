import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@web/components/image-upload-field';
import { useOwnSign, useSetOwnSign } from '../api/own-sign';

/** The user's own handwritten-signature image, printed on the reports they write and audit. */
export function SignImageCard() {
  const { t } = useTranslation('account');
  const sign = useOwnSign();
  const set = useSetOwnSign();
  if (!sign.data) return <Skeleton.Image active />;
  return (
    <ImageUploadField
      label={t('sign.label')}
      value={sign.data.sign}
      testId="own-sign"
      wide
      onUpload={(file) => set.mutateAsync(file)}
      onRemove={() => set.mutateAsync(null)}
    />
  );
}
