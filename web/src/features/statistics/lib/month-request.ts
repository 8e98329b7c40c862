import type { Dayjs } from 'dayjs';
import type { MonthCountRequest } from '@shared/schemas/statistics';

/** Spec sections 5 and 8: monthly statistics need both the month and the hospital (query and export). */
export function monthRequest(month: Dayjs | null | undefined, sn: string | undefined): MonthCountRequest | null {
  if (!month || !sn) return null;
  return { month: month.format('YYYY-MM'), sn };
}
