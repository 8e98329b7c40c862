import dayjs, { type Dayjs } from 'dayjs';

export type DateRange = [Dayjs | null, Dayjs | null] | null;

/** 'YYYY-MM-DD' bounds (empty = open) to the value of an antd RangePicker. */
export function rangeOf(startDate: string | undefined, endDate: string | undefined): DateRange {
  return startDate || endDate ? [startDate ? dayjs(startDate) : null, endDate ? dayjs(endDate) : null] : null;
}

/** A RangePicker value back to the 'YYYY-MM-DD' bounds the API takes ('' when open). */
export function boundsOf(range: DateRange | undefined): { startDate: string; endDate: string } {
  return {
    startDate: range?.[0]?.format('YYYY-MM-DD') ?? '',
    endDate: range?.[1]?.format('YYYY-MM-DD') ?? '',
  };
}
