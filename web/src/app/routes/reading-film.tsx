import { ViewerPage } from '@web/features/image-viewer/components/viewer-page';
import { traceMark, VIEWER_MARKS } from '@web/features/image-viewer/lib/first-image-mark';

/**
 * The web image viewer, /readingFilm?uid= (public: the window gets image access by a viewer token). Its
 * first image, token and study were asked by app/viewer-early.ts (an entry of its own, the page's first script).
 */
traceMark(VIEWER_MARKS.pageCode);

export default ViewerPage;
