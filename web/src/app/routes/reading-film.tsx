import { askViewerAccessEarly } from '@web/features/image-viewer/api/viewer-api';
import { loadStackView } from '@web/features/image-viewer/cornerstone/load';
import { ViewerPage } from '@web/features/image-viewer/components/viewer-page';
import { hashQuery, readViewerQuery } from '@web/features/image-viewer/lib/viewer-query';

// The first image waits for Cornerstone's code and the token and study: all three start with this
// route's code, before the page first renders.
void loadStackView();
askViewerAccessEarly(readViewerQuery(hashQuery(window.location.hash)));

/** The web image viewer, /readingFilm?uid= (public: the window gets image access by a viewer token). */
export default ViewerPage;
