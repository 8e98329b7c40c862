import { describe, expect, it } from 'vitest';
import { screenUrl } from './call-device-list';

describe('screen address of a call device', () => {
  it('carries pk and, when just issued, the key', () => {
    expect(screenUrl('https://pacs.example', '/rxpacs/', 7, 'k_ey-1')).toBe(
      'https://pacs.example/rxpacs/#/screen?pk=7&key=k_ey-1',
    );
    expect(screenUrl('https://pacs.example', '/rxpacs/', 7)).toBe('https://pacs.example/rxpacs/#/screen?pk=7');
  });
});
