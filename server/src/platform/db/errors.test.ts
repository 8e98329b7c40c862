import { describe, expect, it } from 'vitest';
import { dbFailure } from './errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('dbFailure', () => {
  it('tells an unreachable or stopping database', () => {
    expect(dbFailure(pgError('ECONNREFUSED'))).toBe('unavailable');
    expect(dbFailure(pgError('57P01', 'terminating connection due to administrator command'))).toBe('unavailable');
    expect(dbFailure(pgError('08006'))).toBe('unavailable');
    expect(dbFailure(pgError('57014', 'canceling statement due to statement timeout'))).toBe('unavailable');
    expect(dbFailure(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(dbFailure(new Error('PGlite is closed'))).toBe('unavailable');
  });

  it('tells values the database cannot hold, also when wrapped as a cause', () => {
    expect(dbFailure(pgError('22003', 'value "99999999999" is out of range for type integer'))).toBe('bad-input');
    const wrapped = Object.assign(new Error('Failed query: update ...'), { cause: pgError('22P05') });
    expect(dbFailure(wrapped)).toBe('bad-input');
  });

  it('leaves other failures alone', () => {
    expect(dbFailure(pgError('23505', 'duplicate key'))).toBeNull();
    expect(dbFailure(new TypeError('x is undefined'))).toBeNull();
    expect(dbFailure('text')).toBeNull();
    expect(dbFailure(null)).toBeNull();
  });
});
