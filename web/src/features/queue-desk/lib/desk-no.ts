import { callNoLabel, type Registration } from '@shared/schemas/queue';

/** A registration's number as the desk shows it: with its segment prefix (B101), '-' before a number is taken. */
export const deskNo = (r: Pick<Registration, 'call_prefix' | 'call_no'>): string =>
  callNoLabel(r.call_prefix, r.call_no) || '-';
