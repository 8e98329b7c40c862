/** What the listener negotiates: the SOP classes it serves and, for each kind, the transfer syntaxes it takes. */
export const VERIFICATION = '1.2.840.10008.1.1';
export const MWL_FIND = '1.2.840.10008.5.1.4.31';
/** Every storage SOP class (CT, MR, CR, DX, US, SC, XA, RF, PET, NM, the enhanced ones...) sits under this root. */
const STORAGE_ROOT = '1.2.840.10008.5.1.4.1.1.';

export const IMPLICIT_LE = '1.2.840.10008.1.2';
export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
const UNCOMPRESSED = [IMPLICIT_LE, EXPLICIT_LE];
/** Stored as received: little endian native, JPEG baseline/extended/lossless, JPEG-LS, JPEG 2000, RLE. */
const STORAGE_SYNTAXES = new Set([
  ...UNCOMPRESSED,
  '1.2.840.10008.1.2.4.50',
  '1.2.840.10008.1.2.4.51',
  '1.2.840.10008.1.2.4.57',
  '1.2.840.10008.1.2.4.70',
  '1.2.840.10008.1.2.4.80',
  '1.2.840.10008.1.2.4.81',
  '1.2.840.10008.1.2.4.90',
  '1.2.840.10008.1.2.4.91',
  '1.2.840.10008.1.2.5',
]);

export const isStorageClass = (uid: string) => uid.startsWith(STORAGE_ROOT);

/**
 * The transfer syntax to accept for a proposed presentation context, or null to refuse it: `abstract` when
 * the SOP class is not served, `syntax` when none of the proposed syntaxes is taken. The caller's order is
 * its preference; the first one taken wins (a modality proposing JPEG first keeps its JPEG).
 */
export function chooseSyntax(abstractUid: string, proposed: readonly string[]): string | 'abstract' | 'syntax' {
  const taken = isStorageClass(abstractUid)
    ? STORAGE_SYNTAXES
    : abstractUid === VERIFICATION || abstractUid === MWL_FIND
      ? new Set(UNCOMPRESSED)
      : null;
  if (!taken) return 'abstract';
  return proposed.map((s) => s.trim().replace(/\0+$/, '')).find((s) => taken.has(s)) ?? 'syntax';
}
