import { execFileSync, spawnSync } from 'node:child_process';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';

/**
 * dcmtk's findscu -W against the platform's worklist, both in a loopback-only network namespace
 * (tests/support/mwl-peer.ts; root and `unshare`). A unit-project test: it starts its own platform, so it
 * runs once, not per database. Fails, not skips, without dcmtk.
 */
type Answer = Record<string, string> & { raw: string };
type Query = { code: number; out: string; answers: Answer[] };
interface PeerResult {
  all: Query;
  utf8: Query;
  gbName: Query;
  noCharsetAscii: Query;
  noCharsetCjk: Query;
  ids: Record<
    'march' | 'oneDay' | 'openEnd' | 'mr' | 'zhang' | 'si' | 'accession' | 'station' | 'otherStation' | 'there',
    string[]
  >;
  there: string[];
  unknown: { code: number; out: string; answers: number };
  badDate: { code: number; out: string; answers: number };
}

const raw = (a: Answer) => Buffer.from(a.raw, 'base64');
const byId = (q: Query, id: string) => q.answers.find((a) => a.id === id)!;

describe('modality worklist through findscu -W', () => {
  it('answers registered studies without images, matched and in the query character set', () => {
    for (const tool of ['findscu', 'dcmdump', 'dump2dcm'])
      if (spawnSync(tool, ['--version']).error) throw new Error(`${tool} is missing: apt-get install dcmtk`);
    if (spawnSync('unshare', ['-n', 'true']).status !== 0) throw new Error('unshare -n failed: run the tests as root');
    const out = execFileSync(
      'unshare',
      ['-n', 'sh', '-c', 'ip link set lo up && exec node --import tsx tests/support/mwl-peer.ts'],
      { encoding: 'utf8', timeout: 110_000, maxBuffer: 64 * 1024 * 1024 },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as PeerResult;

    // the hospital's imageless live studies; one with images, a deleted one and another hospital's never
    expect(r.all.code).toBe(0);
    const ids = r.all.answers.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['MWL001', 'MWL002', 'MWL003']));
    expect(ids).not.toEqual(expect.arrayContaining(['MWL004']));
    expect(ids.filter((i) => ['MWL004', 'MWL005', 'MWL006'].includes(i!))).toEqual([]);
    expect(r.ids.there).toContain('MWL006');
    expect(r.ids.there.filter((i) => ids.includes(i))).toEqual([]);
    expect(r.there).toContain('赵六');

    // GB18030 query: GB18030 answer, the Chinese name's GB18030 bytes on the wire
    const a = byId(r.all, 'MWL001');
    expect(a).toMatchObject({
      charset: 'GB18030',
      name: '王小明',
      accession: 'ACCMWL1',
      study: '1.2.826.0.1.3680043.8.498.31.1',
      sex: 'M',
      description: '胸部CT平扫',
      procedureId: 'ACCMWL1',
      modality: 'CT',
      station: 'MR_HERE',
      date: '20260310',
      time: '093000',
      stepDescription: '胸部CT平扫',
      stepId: 'ACCMWL1',
    });
    expect(raw(a).includes(iconv.encode('王小明', 'gb18030'))).toBe(true);
    expect(raw(a).includes(Buffer.from('王小明'))).toBe(false);
    expect(byId(r.all, 'MWL002')).toMatchObject({
      name: 'Zhang^San',
      modality: 'MR',
      date: '20260312',
      time: '140500',
    });
    // a GB18030-encoded name in the query matches
    expect(r.gbName.answers.map((x) => x.id)).toEqual(['MWL001']);

    // UTF-8 query: UTF-8 answer
    const u = byId(r.utf8, 'MWL001');
    expect(u).toMatchObject({ charset: 'ISO_IR 192', name: '王小明' });
    expect(raw(u).includes(Buffer.from('王小明'))).toBe(true);
    expect(r.utf8.answers.every((x) => x.name!.startsWith('王'))).toBe(true);

    // no character set asked: plain ASCII when it suffices, else UTF-8 declared
    expect(r.noCharsetAscii.answers).toHaveLength(1);
    expect(r.noCharsetAscii.answers[0]).toMatchObject({ charset: '', name: 'Zhang^San' });
    expect(r.noCharsetCjk.answers[0]).toMatchObject({ charset: 'ISO_IR 192', name: '王小明' });

    // matching
    expect(r.ids.march).toEqual(['MWL001', 'MWL002']);
    expect(r.ids.oneDay).toEqual(['MWL003']);
    expect(r.ids.openEnd).toContain('MWL002');
    expect(r.ids.openEnd).not.toContain('MWL001');
    expect(r.ids.mr).toContain('MWL002');
    expect(r.ids.mr.filter((i) => i.startsWith('MWL'))).toEqual(['MWL002']);
    expect(r.ids.zhang).toEqual(['MWL002']);
    expect(r.ids.si).toEqual(['MWL003']);
    expect(r.ids.accession).toEqual(['MWL003']);
    expect(r.ids.station).toEqual(ids);
    expect(r.ids.otherStation).toEqual([]);
    expect(r.badDate.answers).toBe(0);
    // refused as the query's own fault (0xC000 Unable to process), not a processing failure of ours
    expect(r.badDate.out).toContain('Received Final Find Response (Failed: UnableToProcess)');

    // an unregistered calling AE is refused at association
    expect(r.unknown.code).not.toBe(0);
    expect(r.unknown.out).toContain('Calling AE Title Not Recognized');
    expect(r.unknown.answers).toBe(0);
  }, 120_000);
});
