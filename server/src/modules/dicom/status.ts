/** The DIMSE statuses the node answers and reads, named once (PS3.7 Annex C, PS3.4 B.2.3 and K.4.1.1.4). */
export const DIMSE_STATUS = {
  success: 0x0000,
  /** Pending: a C-FIND match follows (PS3.4 K.4.1.1.4). */
  pending: 0xff00,
  /** Refused: out of resources (C-STORE: disk or database failed; C-FIND: too many matches). */
  outOfResources: 0xa700,
  /** Refused: another hospital's study, a series UID of another study, or an unregistered calling AE. */
  notAuthorized: 0x0124,
  /** Refused: the SOP class is not supported. */
  sopClassNotSupported: 0x0122,
  /** Failure: an unrecognised operation. */
  unrecognizedOperation: 0x0211,
  /** Error: cannot understand (not DICOM, truncated, no UIDs, too large); C-FIND: unable to process. */
  cannotUnderstand: 0xc000,
} as const;

/** The comment of an instance the node could not keep (an ErrorComment is LO: at most 64 characters). */
export const NOT_STORED = {
  status: DIMSE_STATUS.outOfResources,
  comment: 'Out of resources: the instance was not stored',
};

/** Success or a warning (0xB000 class): what a peer kept. */
export const storedByPeer = (status: number) => status === DIMSE_STATUS.success || (status & 0xf000) === 0xb000;
