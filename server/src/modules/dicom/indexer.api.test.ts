import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDicom, uid } from '../../../../tests/support/dicom-builder';
import { ctSpec, useImagePlatform } from '../../../../tests/support/image-platform';
import type { ImageStore } from '../../platform/storage/store';
import { startIndexer } from './indexer';
import { ReceivedQueue, type ReceivedTag } from './received-queue';

const h = useImagePlatform();
const H001: ReceivedTag = { hospitalCode: 'H001', aet: 'CT_TEST', ip: '127.0.0.1' };

const queues: ReceivedQueue[] = [];
afterEach(async () => {
  for (const q of queues.splice(0)) await q.close();
});
const queueOf = () => {
  const q = new ReceivedQueue(path.join(h.dataDir, 'images', '.received'), { logBytes: 4 << 20 });
  queues.push(q);
  return q;
};
const names = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();

/** What a C-STORE of an instance held in memory leaves once acknowledged: a record of the received log. */
async function logged(q: ReceivedQueue, bytes: Buffer, tag = H001) {
  const w = q.write(bytes, tag);
  await w.durable;
  w.accept();
}

/** What a C-STORE streamed to disk leaves in the queue once acknowledged: a durable Part 10 file, tagged. */
async function received(q: ReceivedQueue, bytes: Buffer, tag = H001) {
  await q.init();
  const file = path.join(h.dataDir, `staged-${randomUUID()}.dcm.part`);
  await writeFile(file, bytes);
  await q.enqueue({ path: file, size: bytes.length }, tag);
}

const studyRow = async (iuid: string) =>
  (
    await h.rows<{ hospital_code: string; file_count: number }>(
      sql`select hospital_code, file_count from study where study_iuid = ${iuid}`,
    )
  )[0] ?? null;

describe('the received queue and its indexer', () => {
  it('indexes what a stopped server left acknowledged, in its hospital, and empties the queue', async () => {
    const q = queueOf();
    const study = uid(501);
    for (let n = 1; n <= 3; n++)
      await received(q, buildDicom(ctSpec({ n, study, series: uid(501, 1), sop: uid(501, 1, n) })));
    expect(await names(q.dir)).toHaveLength(3);
    const indexer = startIndexer(h.p.deps, q); // as at start-up
    await indexer.settled();
    await indexer.close();
    expect(await names(q.dir)).toEqual([]);
    expect(await studyRow(study)).toEqual({ hospital_code: 'H001', file_count: 3 });
    const [row] = await h.rows<{ username: string }>(
      sql`select username from audit_log where target in (select 'study:' || pk from study where study_iuid = ${study})`,
    );
    expect(row!.username).toBe('dicom:CT_TEST');
  });

  it("moves an instance the archive refuses after all (another hospital's study) aside, writing nothing", async () => {
    const q = queueOf();
    await received(q, buildDicom(ctSpec({ n: 1, study: h.h002Study, series: uid(502, 1), sop: uid(502, 1, 1) })));
    const indexer = startIndexer(h.p.deps, q);
    await indexer.settled();
    await indexer.close();
    expect(await names(q.dir)).toEqual([]);
    expect(await names(q.refusedDir)).toHaveLength(1);
    expect(await h.rows(sql`select 1 from instance where sop_iuid = ${uid(502, 1, 1)}`)).toHaveLength(0);
  });

  it('holds a series to one study within a batch too: an instance naming another study is set aside', async () => {
    const q = queueOf();
    await received(q, buildDicom(ctSpec({ n: 1, study: uid(509), series: uid(509, 1), sop: uid(509, 1, 1) })));
    await received(q, buildDicom(ctSpec({ n: 2, study: uid(510), series: uid(509, 1), sop: uid(510, 1, 2) })));
    const before = (await names(q.refusedDir)).length;
    const indexer = startIndexer(h.p.deps, q);
    await indexer.settled();
    await indexer.close();
    expect(await studyRow(uid(509))).toMatchObject({ file_count: 1 });
    expect(await studyRow(uid(510))).toBeNull();
    expect(await names(q.refusedDir)).toHaveLength(before + 1);
  });

  it('keeps instances queued while the store is away and takes them when it is back', async () => {
    const q = queueOf();
    const study = uid(503);
    await received(q, buildDicom(ctSpec({ n: 1, study, series: uid(503, 1), sop: uid(503, 1, 1) })));
    await logged(q, buildDicom(ctSpec({ n: 2, study, series: uid(503, 1), sop: uid(503, 1, 2) })));
    const copies = async () => (await names(h.p.deps.images.stagingDir)).filter((n) => n.startsWith('received-'));
    let away = true;
    const real = h.p.deps.images;
    const flaky: ImageStore = {
      ...real,
      put: (key, body) => (away ? Promise.reject(new Error('store away')) : real.put(key, body)),
      putFiles: (items) => (away ? Promise.reject(new Error('store away')) : real.putFiles!(items)),
    };
    const indexer = startIndexer({ ...h.p.deps, images: flaky }, q, { retryMs: 50 });
    await indexer.settled();
    expect(await names(q.dir)).toHaveLength(1);
    expect(q.log.live()).toHaveLength(1);
    expect(await studyRow(study)).toBeNull();
    away = false;
    await new Promise((r) => setTimeout(r, 120));
    await indexer.settled();
    await indexer.close();
    expect(await names(q.dir)).toEqual([]);
    expect(q.log.live()).toEqual([]);
    expect(await copies()).toEqual([]); // the log's copies made for the store, failed tries included, are gone
    expect(await studyRow(study)).toMatchObject({ file_count: 2 });
  });

  it('stores a queued file in the file store by a link, not a second copy', async () => {
    const q = queueOf();
    const study = uid(504);
    await received(q, buildDicom(ctSpec({ n: 1, study, series: uid(504, 1), sop: uid(504, 1, 1) })));
    const [queued] = await names(q.dir);
    const inode = (await stat(path.join(q.dir, queued!))).ino;
    const indexer = startIndexer(h.p.deps, q);
    await indexer.settled();
    await indexer.close();
    const stored = path.join(h.dataDir, 'images', study, uid(504, 1), `${uid(504, 1, 1)}.dcm`);
    expect((await stat(stored)).ino).toBe(inode);
  });

  it('indexes after a pause in arrivals, or once the first has waited long enough during a long send', async () => {
    const q = queueOf();
    const study = uid(505);
    const put = (n: number) => received(q, buildDicom(ctSpec({ n, study, series: uid(505, 1), sop: uid(505, 1, n) })));
    const indexer = startIndexer(h.p.deps, q, { gatherMs: 400, maxWaitMs: 1000 });
    await indexer.settled(); // the start-up pass over an empty queue
    await put(1);
    indexer.kick();
    await new Promise((r) => setTimeout(r, 60));
    expect(await names(q.dir)).toHaveLength(1); // still gathering
    await new Promise((r) => setTimeout(r, 500));
    await indexer.settled();
    expect(await names(q.dir)).toEqual([]);
    // a steady stream, one every 50 ms: no pause, yet indexed by the longest wait
    const started = Date.now();
    let n = 2;
    while ((await studyRow(study))!.file_count < 2 && Date.now() - started < 6000) {
      await put(n++);
      indexer.kick();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Date.now() - started).toBeLessThan(3000);
    // The last ones sent may still be gathering: taken in before the next test looks at an empty queue.
    await indexer.settled();
    await indexer.close();
  });

  it('takes instances from the received log, stores copies, and leaves nothing for a restart', async () => {
    const q = queueOf();
    await q.init();
    const study = uid(506);
    const sent = buildDicom(ctSpec({ n: 1, study, series: uid(506, 1), sop: uid(506, 1, 1) }));
    await logged(q, sent);
    await logged(q, buildDicom(ctSpec({ n: 2, study, series: uid(506, 1), sop: uid(506, 1, 2) })));
    expect(await names(q.dir)).toEqual([]); // in the log, not the folder
    expect(q.log.live()).toHaveLength(2);
    const indexer = startIndexer(h.p.deps, q);
    indexer.kick();
    await indexer.settled();
    await indexer.close();
    expect(await studyRow(study)).toMatchObject({ hospital_code: 'H001', file_count: 2 });
    const stored = path.join(h.dataDir, 'images', study, uid(506, 1), `${uid(506, 1, 1)}.dcm`);
    expect((await readFile(stored)).equals(sent)).toBe(true);
    expect(q.log.live()).toEqual([]);
    await q.close();
    const again = queueOf();
    await again.init();
    expect(await again.pending(10)).toEqual([]);
  });

  it('indexes at start-up what a stopped server left in the received log', async () => {
    const q = queueOf();
    await q.init();
    const study = uid(507);
    await logged(q, buildDicom(ctSpec({ n: 1, study, series: uid(507, 1), sop: uid(507, 1, 1) })));
    await q.close(); // stopped before indexing
    const next = queueOf();
    await next.init();
    const indexer = startIndexer(h.p.deps, next);
    await indexer.settled();
    await indexer.close();
    expect(await studyRow(study)).toMatchObject({ file_count: 1 });
    expect(next.log.live()).toEqual([]);
  });

  it('sets a logged instance the archive refuses after all aside as a file, and frees the log', async () => {
    const q = queueOf();
    await q.init();
    const bytes = buildDicom(ctSpec({ n: 1, study: h.h002Study, series: uid(508, 1), sop: uid(508, 1, 1) }));
    await logged(q, bytes);
    const before = new Set(await names(q.refusedDir));
    const indexer = startIndexer(h.p.deps, q);
    await indexer.settled();
    await indexer.close();
    const added = (await names(q.refusedDir)).filter((n) => !before.has(n));
    expect(added).toHaveLength(1);
    expect((await readFile(path.join(q.refusedDir, added[0]!))).equals(bytes)).toBe(true);
    expect(q.log.live()).toEqual([]);
  });
});
