import { UploadZipPage } from '@web/features/image-upload/components/upload-zip-page';
import { openImageViewer } from '@web/features/image-viewer/open-viewer';

/** /uploadZip (the router guards it with pacsOrder:uploadZip); the viewer link opens /readingFilm. */
export default function UploadZipRoute() {
  return <UploadZipPage openViewer={openImageViewer} />;
}
