import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_DETAIL } from '@shared/report/document';
import { clearDraft, draftKey, draftToOffer, readDraft, writeDraft, type LocalDraft } from './local-draft';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

const ref = { userPk: 7, studyIuid: '1.2.3', position: 1 };
const draft: LocalDraft = {
  report_text1: '双肺纹理清晰',
  report_text2: '未见异常',
  rpt_detail: { ...EMPTY_DETAIL, title_suffix: 2 },
  version: 3,
  at: 1000,
};

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('local report drafts', () => {
  it('stores per user, study and position, and reads back what was written', () => {
    writeDraft(storage, ref, draft);
    expect(readDraft(storage, ref)).toEqual(draft);
    expect(readDraft(storage, { ...ref, position: 2 })).toBeNull();
    expect(readDraft(storage, { ...ref, userPk: 8 })).toBeNull();
    clearDraft(storage, ref);
    expect(readDraft(storage, ref)).toBeNull();
  });

  it('ignores damaged entries instead of throwing', () => {
    storage.setItem(draftKey(ref), '{not json');
    expect(readDraft(storage, ref)).toBeNull();
    storage.setItem(draftKey(ref), JSON.stringify({ report_text1: 1 }));
    expect(readDraft(storage, ref)).toBeNull();
  });
});

describe('draftToOffer', () => {
  const saved = { report_text1: '旧所见', report_text2: '旧意见' };
  it('offers the local draft when it differs from the saved text', () => {
    expect(draftToOffer(saved, draft, undefined)).toMatchObject({ source: 'local', texts: draft });
  });
  it('offers nothing when the drafts equal the saved text', () => {
    expect(draftToOffer(saved, { ...draft, ...saved }, saved)).toBeNull();
  });
  it('falls back to a differing, non-empty server draft', () => {
    const server = { report_text1: '服务器草稿', report_text2: '' };
    expect(draftToOffer(saved, null, server)).toEqual({ source: 'server', texts: server });
    expect(draftToOffer(saved, null, { report_text1: ' ', report_text2: '' })).toBeNull();
  });
});
