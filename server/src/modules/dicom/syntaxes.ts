/** What the listener negotiates: the SOP classes it serves and, for each kind, the transfer syntaxes it takes. */
export const VERIFICATION = '1.2.840.10008.1.1';
export const MWL_FIND = '1.2.840.10008.5.1.4.31';
/** Query/Retrieve (PS3.4 annex C): Patient Root and Study Root, each with FIND, MOVE and GET. */
export const QR = {
  patientFind: '1.2.840.10008.5.1.4.1.2.1.1',
  patientMove: '1.2.840.10008.5.1.4.1.2.1.2',
  patientGet: '1.2.840.10008.5.1.4.1.2.1.3',
  studyFind: '1.2.840.10008.5.1.4.1.2.2.1',
  studyMove: '1.2.840.10008.5.1.4.1.2.2.2',
  studyGet: '1.2.840.10008.5.1.4.1.2.2.3',
} as const;
export const isQrFind = (uid: string) => uid === QR.patientFind || uid === QR.studyFind;
export const isQrMove = (uid: string) => uid === QR.patientMove || uid === QR.studyMove;
export const isQrGet = (uid: string) => uid === QR.patientGet || uid === QR.studyGet;
const UNCOMPRESSED_CLASSES = new Set<string>([VERIFICATION, MWL_FIND, ...Object.values(QR)]);
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
 *
 * `getStorage`: a storage context on which the caller is the SCP of C-GET's C-STORE sub-operations. We
 * send on it, and the instances' stored syntaxes are not known yet: explicit little endian, else implicit,
 * when proposed, carries every instance (re-encoded or decoded for it when stored otherwise: outgoing-dataset.ts).
 */
export function chooseSyntax(
  abstractUid: string,
  proposed: readonly string[],
  o: { getStorage?: boolean } = {},
): string | 'abstract' | 'syntax' {
  const taken = isStorageClass(abstractUid)
    ? STORAGE_SYNTAXES
    : UNCOMPRESSED_CLASSES.has(abstractUid)
      ? new Set(UNCOMPRESSED)
      : null;
  if (!taken) return 'abstract';
  const clean = proposed.map((s) => s.trim().replace(/\0+$/, ''));
  if (o.getStorage) {
    const universal = [EXPLICIT_LE, IMPLICIT_LE].find((ts) => clean.includes(ts));
    if (universal) return universal;
  }
  return clean.find((s) => taken.has(s)) ?? 'syntax';
}

/** A proposed SCP/SCU role selection (PS3.7 D.3.3.4): whether the caller would be the SOP class's SCU, SCP. */
export interface RoleSelection {
  sopClass: string;
  scu: boolean;
  scp: boolean;
}

/**
 * The role selections we answer: on an association proposing C-GET, the caller's SCP role for storage
 * classes is taken (its SCU role as proposed), so the C-STORE sub-operations can go out on those contexts.
 * Other items get no answer: the default roles stay (PS3.7 D.3.3.4).
 */
export function answerRoles(contexts: readonly { abstractSyntax: string }[], roles: readonly RoleSelection[]) {
  if (!contexts.some((c) => isQrGet(c.abstractSyntax))) return [];
  return roles.filter((r) => r.scp && isStorageClass(r.sopClass));
}
