import { Col, Divider, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOSPITAL_IMAGE_KINDS } from '@shared/schemas/image-asset';
import { ImageUploadField } from '@web/components/image-upload-field';
import { useHospitalImages, useSetHospitalImage } from '../api/hospital-images-api';

/** The hospital's logo, seal and header image, printed on its reports (saved at once, apart from the form). */
export function HospitalImagesFields({ pk }: { pk: number }) {
  const { t } = useTranslation('adminOrg');
  const images = useHospitalImages(pk);
  const set = useSetHospitalImage(pk);
  return (
    <>
      <Divider titlePlacement="start">{t('hospital.images')}</Divider>
      {!images.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          {HOSPITAL_IMAGE_KINDS.map((kind) => (
            <Col span={kind === 'head' ? 24 : 12} key={kind}>
              <ImageUploadField
                label={t(`hospital.image.${kind}`)}
                value={images.data[kind]}
                testId={`hospital-${kind}`}
                wide={kind === 'head'}
                onUpload={(file) => set.mutateAsync({ kind, file })}
                onRemove={() => set.mutateAsync({ kind, file: null })}
              />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
