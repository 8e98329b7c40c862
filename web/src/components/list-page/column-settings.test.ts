import { describe, expect, it } from 'vitest';
import { COLUMN_SETTINGS_MS } from '@shared/constants';
import { columnSettingsKey, readHiddenColumns, writeHiddenColumns } from './column-settings';
import { MemoryStorage } from './list-test.test-helpers';

const T0 = Date.UTC(2026, 0, 1);

describe('column settings', () => {
  it('are kept per route for 7 days, then forgotten', () => {
    const storage = new MemoryStorage();
    writeHiddenColumns(storage, '/orderList', ['modality', 'department'], T0);
    expect(readHiddenColumns(storage, '/orderList', T0 + COLUMN_SETTINGS_MS - 1)).toEqual(['modality', 'department']);
    expect(readHiddenColumns(storage, '/account/collection', T0)).toEqual([]);
    expect(readHiddenColumns(storage, '/orderList', T0 + COLUMN_SETTINGS_MS)).toEqual([]);
    expect(storage.getItem(columnSettingsKey('/orderList'))).toBeNull();
  });

  it('a change starts the 7 days again', () => {
    const storage = new MemoryStorage();
    writeHiddenColumns(storage, '/orderList', ['modality'], T0);
    writeHiddenColumns(storage, '/orderList', ['age'], T0 + COLUMN_SETTINGS_MS - 10);
    expect(readHiddenColumns(storage, '/orderList', T0 + COLUMN_SETTINGS_MS + 10)).toEqual(['age']);
  });

  it('showing every column removes the entry; a damaged entry reads as none', () => {
    const storage = new MemoryStorage();
    writeHiddenColumns(storage, '/orderList', ['modality'], T0);
    writeHiddenColumns(storage, '/orderList', [], T0);
    expect(storage.length).toBe(0);
    storage.setItem(columnSettingsKey('/orderList'), '{"hidden":"modality"}');
    expect(readHiddenColumns(storage, '/orderList', T0)).toEqual([]);
    storage.setItem(columnSettingsKey('/orderList'), 'not json');
    expect(readHiddenColumns(storage, '/orderList', T0)).toEqual([]);
  });
});
