import { useSearchParams } from 'react-router-dom';
import { ReadingVideoPage } from '@web/features/patient-files/components/reading-video-page';

/** /readingVideo?uid= the study's videos and captured images. */
export default function ReadingVideoRoute() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  return <ReadingVideoPage key={uid} studyIuid={uid} />;
}
