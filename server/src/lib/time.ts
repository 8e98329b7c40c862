import dayjs from 'dayjs';

/** Wire format of timestamps: 'YYYY-MM-DD HH:mm:ss' in the server's time zone, '' when absent. */
export function fmt(d: Date | null | undefined): string {
  return d ? dayjs(d).format('YYYY-MM-DD HH:mm:ss') : '';
}
