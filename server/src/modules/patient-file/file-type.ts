/** What a file is by its first bytes (its name and declared type are the sender's word). */
export interface FileType {
  mime: string;
  ext: 'jpg' | 'png' | 'pdf' | 'mp4' | 'webm';
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** An attachment: a scan or photo (jpg, png) or a pdf. */
export function attachmentType(head: Uint8Array): FileType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(head, ascii('%PDF-'))) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

/** A video: MP4 (an ISO BMFF 'ftyp' box first) or WebM (an EBML header whose DocType is webm). */
export function videoType(head: Uint8Array): FileType | null {
  if (startsWith(head, ascii('ftyp'), 4)) return { mime: 'video/mp4', ext: 'mp4' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && Buffer.from(head.subarray(0, 64)).includes('webm'))
    return { mime: 'video/webm', ext: 'webm' };
  return null;
}

/** How many leading bytes the checks above need. */
export const TYPE_HEAD_BYTES = 64;
