import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { EARLY_SESSION_KEY } from './viewer-early';

describe('viewer-early', () => {
  it('reads the session where the session store keeps it', () => {
    expect(EARLY_SESSION_KEY).toBe(STORAGE_KEYS.session);
  });
});
