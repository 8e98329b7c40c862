import { openSignedInTab } from '@web/lib/signed-in-tab';

/** Opens /tempPreview for a layout in a new tab that starts with this tab's session. */
export function openLayoutPreview(pk: number): void {
  openSignedInTab(`/tempPreview?${new URLSearchParams({ pk: String(pk) }).toString()}`);
}
