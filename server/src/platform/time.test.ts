import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fmt } from './core/time';

describe('fmt, the wire format of timestamps', () => {
  it('is YYYY-MM-DD HH:mm:ss in the server time zone, as dayjs formats it', () => {
    const samples = [
      new Date(2026, 0, 1, 0, 0, 0),
      new Date(2026, 11, 31, 23, 59, 59),
      new Date(2024, 1, 29, 9, 5, 7, 999),
      new Date(999, 4, 6, 1, 2, 3),
    ];
    for (let i = 0; i < 200; i++) samples.push(new Date(Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 1.5e12)));
    for (const d of samples) expect(fmt(d)).toBe(dayjs(d).format('YYYY-MM-DD HH:mm:ss'));
  });

  it('is empty for nothing and for an invalid date', () => {
    expect(fmt(null)).toBe('');
    expect(fmt(undefined)).toBe('');
    expect(fmt(new Date(Number.NaN))).toBe('');
  });
});
