import { ViewerPage } from '@web/features/image-viewer/components/viewer-page';

/**
 * The web image viewer, /readingFilm?uid= (public: the window gets image access by a viewer token). Its
 * token and study were asked by app/viewer-early.ts as the app's first script ran.
 */
export default ViewerPage;
