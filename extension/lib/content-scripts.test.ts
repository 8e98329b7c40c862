import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SCRIPT_FILE, HOSPITAL_SCRIPT_ID, syncContentScripts } from './content-scripts';

function fakeApis(granted: string[], registered: boolean) {
  return {
    permissions: { contains: vi.fn(async (p: { origins?: string[] }) => granted.includes(p.origins?.[0] ?? '')) },
    scripting: {
      getRegisteredContentScripts: vi.fn(async () => (registered ? [{ id: HOSPITAL_SCRIPT_ID }] : [])),
      unregisterContentScripts: vi.fn(async () => undefined),
      registerContentScripts: vi.fn(async () => undefined),
    },
  };
}

describe('syncContentScripts', () => {
  it('registers the content script for granted hospital hosts only, replacing the old registration', async () => {
    const b = fakeApis(['https://pacs.a.example/*'], true);
    const patterns = await syncContentScripts(b as never, [
      'http://localhost:8080', // covered by the static content script
      'https://pacs.a.example',
      'https://pacs.a.example:8443', // same host: one pattern
      'https://pacs.b.example', // permission not granted
    ]);
    expect(patterns).toEqual(['https://pacs.a.example/*']);
    expect(b.scripting.unregisterContentScripts).toHaveBeenCalledWith({ ids: [HOSPITAL_SCRIPT_ID] });
    expect(b.scripting.registerContentScripts).toHaveBeenCalledWith([
      {
        id: HOSPITAL_SCRIPT_ID,
        matches: ['https://pacs.a.example/*'],
        js: [CONTENT_SCRIPT_FILE],
        runAt: 'document_start',
      },
    ]);
  });

  it('registers nothing when no hospital host is granted', async () => {
    const b = fakeApis([], false);
    expect(await syncContentScripts(b as never, ['https://pacs.b.example'])).toEqual([]);
    expect(b.scripting.unregisterContentScripts).not.toHaveBeenCalled();
    expect(b.scripting.registerContentScripts).not.toHaveBeenCalled();
  });
});
