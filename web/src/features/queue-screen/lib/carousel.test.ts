import { describe, expect, it } from 'vitest';
import { QUEUE_ROOMS_PER_PAGE } from '@shared/constants';
import { nextPage, pageCount, pageOf } from './carousel';

const rooms = Array.from({ length: 12 }, (_, i) => `room ${i + 1}`);

describe('screen carousel', () => {
  it('shows 5 rooms per page, the last page holding the rest', () => {
    expect(QUEUE_ROOMS_PER_PAGE).toBe(5);
    expect(pageCount(12, QUEUE_ROOMS_PER_PAGE)).toBe(3);
    expect(pageOf(rooms, 0, 5)).toEqual(rooms.slice(0, 5));
    expect(pageOf(rooms, 1, 5)).toEqual(rooms.slice(5, 10));
    expect(pageOf(rooms, 2, 5)).toEqual(['room 11', 'room 12']);
  });

  it('steps through the pages and back to the first', () => {
    expect([0, 1, 2].map((p) => nextPage(p, 12, 5))).toEqual([1, 2, 0]);
    expect(nextPage(0, 5, 5)).toBe(0);
  });

  it('keeps one (empty) page with no rooms and wraps a page past the end', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageOf([], 0, 5)).toEqual([]);
    expect(pageOf(rooms, 3, 5)).toEqual(rooms.slice(0, 5));
  });
});
