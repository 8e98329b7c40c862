import { mkdir } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDicom, uid } from '../../../../tests/support/dicom-builder';
import { ctSpec, useImagePlatform } from '../../../../tests/support/image-platform';
import { startIndexer } from './indexer';
import { ReceivedQueue, type ReceivedTag } from './received-queue';
import { IN_MEMORY_MAX, StagedInstance } from './staged-instance';
import { DIMSE_STATUS } from './status';
import { createStoreReceiver } from './store-receiver';

/** Every parse of an instance, by the receiver or by the ingest. */
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('../images/parse', async (importOriginal) => {
  const real = await importOriginal<typeof import('../images/parse')>();
  return {
    ...real,
    parseInstance: (buf: Buffer) => {
      parses.count++;
      return real.parseInstance(buf);
    },
  };
});

const h = useImagePlatform();
const H001: ReceivedTag = { hospitalCode: 'H001', aet: 'CT_TEST', ip: '127.0.0.1' };
const idle = { pause() {}, resume() {} } as unknown as Socket;

let queue: ReceivedQueue;
beforeEach(async () => {
  await mkdir(h.p.deps.images.stagingDir, { recursive: true });
  queue = new ReceivedQueue(path.join(h.dataDir, 'images', '.received'), { logBytes: 4 << 20 });
  await queue.init();
  parses.count = 0;
});
afterEach(() => queue.close());

/** One C-STORE's data set as the association hands it over: the first bytes, then the rest as it arrives. */
async function store(receiver: ReturnType<typeof createStoreReceiver>, bytes: Buffer) {
  const staged = new StagedInstance(h.p.deps.images.stagingDir, bytes.subarray(0, 132), idle);
  staged.end(bytes.subarray(132));
  try {
    return await receiver.store(staged);
  } finally {
    await staged.discard();
  }
}

const fileCount = async (iuid: string) =>
  (await h.rows<{ file_count: number }>(sql`select file_count from study where study_iuid = ${iuid}`))[0]?.file_count ??
  null;

describe('the C-STORE receiver', () => {
  it('parses each instance once, from its arrival to its rows, held in memory or streamed to disk', async () => {
    const receiver = createStoreReceiver(h.p.deps, queue, H001);
    const study = uid(601);
    const small = [1, 2, 3].map((n) => buildDicom(ctSpec({ n, study, series: uid(601, 1), sop: uid(601, 1, n) })));
    const large = buildDicom(ctSpec({ n: 4, study, series: uid(601, 1), sop: uid(601, 1, 4), rows: 2048, cols: 2100 }));
    expect(large.length).toBeGreaterThan(IN_MEMORY_MAX);
    for (const bytes of [...small, large])
      expect(await store(receiver, bytes)).toEqual({ status: DIMSE_STATUS.success });
    expect(queue.log.live()).toHaveLength(3);
    const indexer = startIndexer(h.p.deps, queue);
    await indexer.settled();
    await indexer.close();
    expect(await fileCount(study)).toBe(4);
    expect(parses.count).toBe(4);
  });

  it("answers a refusal by the archive's rules before accepting, each instance parsed once", async () => {
    const receiver = createStoreReceiver(h.p.deps, queue, H001);
    const refused = async (bytes: Buffer, status: number, by = receiver) => {
      const r = await store(by, bytes);
      expect(r.status).toBe(status);
      expect(r.comment).toBeTruthy();
    };
    const ct = (n: number, study: string, series: string) => buildDicom(ctSpec({ n, study, series, sop: uid(602, n) }));
    await refused(Buffer.from('not an image, '.repeat(20)), DIMSE_STATUS.cannotUnderstand);
    await refused(ct(1, h.h002Study, uid(602, 9)), DIMSE_STATUS.notAuthorized);
    // a new series accepted under one study holds the association's later instances to it
    expect((await store(receiver, ct(2, uid(603), uid(603, 1)))).status).toBe(DIMSE_STATUS.success);
    await refused(ct(3, uid(604), uid(603, 1)), DIMSE_STATUS.notAuthorized);
    const indexer = startIndexer(h.p.deps, queue);
    await indexer.settled();
    await indexer.close();
    expect(await fileCount(uid(603))).toBe(1);
    // once stored, every association's
    await refused(ct(4, uid(604), uid(603, 1)), DIMSE_STATUS.notAuthorized, createStoreReceiver(h.p.deps, queue, H001));
    expect(await fileCount(uid(604))).toBeNull();
    expect(parses.count).toBe(5);
    expect(await queue.pending(10)).toEqual([]);
  });
});
