import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/core/errors';
import { numberInSegment } from './segment-number';

const seg = { prefix: 'B', start_no: 101, end_no: 103 };

describe('the n-th number of a room', () => {
  it('is n itself without a segment, with no prefix', () => {
    expect(numberInSegment('CT1', undefined, 5)).toEqual({ call_no: 5, call_prefix: '' });
  });

  it("runs from the segment's start with its prefix, up to its end", () => {
    expect(numberInSegment('US1', seg, 1)).toEqual({ call_no: 101, call_prefix: 'B' });
    expect(numberInSegment('US1', seg, 3)).toEqual({ call_no: 103, call_prefix: 'B' });
  });

  it('is refused past the end (409 US_NUMBER_EXHAUSTED)', () => {
    expect(() => numberInSegment('US1', seg, 4)).toThrow(
      expect.objectContaining({ status: 409, error: 'US_NUMBER_EXHAUSTED' }) as AppError,
    );
  });
});
