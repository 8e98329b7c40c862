/** The Query/Retrieve statuses (PS3.4 C.4.1.1.4, C.4.2.1.5, C.4.3.1.4) besides the general ones in status.ts. */
export const QR_STATUS = {
  /** Matches are continuing; one or more optional keys were not supported for matching. */
  pendingUnsupportedKeys: 0xff01,
  /** The operation ended on the peer's C-CANCEL. */
  cancel: 0xfe00,
  /** Refused: out of resources, unable to calculate the number of matches (too many instances to retrieve). */
  tooManyToRetrieve: 0xa701,
  /** Refused: out of resources, unable to perform sub-operations (every sub-operation failed). */
  subOperationsFailed: 0xa702,
  /** Refused: the move destination is not a known device. */
  moveDestinationUnknown: 0xa801,
  /** The identifier does not match the SOP class (a level it lacks, a required unique key missing). */
  identifierMismatch: 0xa900,
  /** Sub-operations complete, one or more failures or warnings. */
  subOperationsWarning: 0xb000,
} as const;

/** What a C-MOVE or C-GET answers: its status and the sub-operation counts. */
export interface Counts {
  remaining: number;
  completed: number;
  failed: number;
  warning: number;
}
