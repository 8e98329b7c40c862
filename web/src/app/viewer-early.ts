import { askViewerAccessEarly } from '@web/features/image-viewer/api/viewer-early';

// Imported first by main.tsx: on the viewer's address its token and study are asked before the framework
// and the route's code are evaluated, so the first image waits for less.
askViewerAccessEarly(window.location.hash);
