/** Default custom protocol of the local viewer (the agent's `viewer.protocol`). */
export const VIEWER_PROTOCOL = 'rxpacs';

/**
 * The custom-protocol link the web app falls back to when no agent answers:
 * `rxpacs://openImage?study_iuid=1.2.3`. The agent's /viewer/link builds the same format.
 */
export function viewerLink(
  study_iuid: string,
  type: 'openImage' | 'closeImage' = 'openImage',
  scheme = VIEWER_PROTOCOL,
) {
  return `${scheme}://${type}?${new URLSearchParams({ study_iuid }).toString()}`;
}
