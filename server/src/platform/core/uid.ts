import { randomUUID } from 'node:crypto';

/** A new DICOM UID from a random UUID (PS3.5 B.2: the 2.25 root). */
export const newUid = () => `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`).toString()}`;

/** A UID as PS3.5 9.1 allows: digits and dots, components without leading zeros, at most 64 characters. */
export const isUid = (v: string) => v.length <= 64 && /^(0|[1-9]\d*)(\.(0|[1-9]\d*))+$/.test(v);
