import dayjs from 'dayjs';

/** The queue day of a moment: the server time zone's calendar date (numbers start again at 1 each day). */
export const queueDay = (d: Date) => dayjs(d).format('YYYY-MM-DD');
