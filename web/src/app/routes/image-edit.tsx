import { ImageEditPage } from '@web/features/image-edit/components/image-edit-page';

/** /imageEdit?study_iuid=: move a study's series to the right study, or merge it into another (order:imageEdit). */
export default function ImageEditRoute() {
  return <ImageEditPage />;
}
