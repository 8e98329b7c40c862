import type { ImageTags, ImageTagsQuery } from '@shared/schemas/image-viewer';
import { apiGet } from '@web/lib/api-client';

/** One image's DICOM header; with the viewer token when the window has no session. */
export const fetchImageTags = (q: ImageTagsQuery) => apiGet<ImageTags>('/wado/tags', q, { silent: true });
