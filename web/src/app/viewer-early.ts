import { askViewerAccessEarly } from '@web/features/image-viewer/api/viewer-early';

// An entry of its own, inlined first in the page's head by the build (web/build/early-entry.ts; main.tsx imports
// it in dev): on the viewer's address the first image, the token and the study are asked before the framework and
// the route's code have even loaded. It must stay small (nothing of React, antd or zustand) or it waits for them.
askViewerAccessEarly(window.location.hash);
