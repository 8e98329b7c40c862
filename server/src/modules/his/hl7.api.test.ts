import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, device, hisOrder, hl7Message, hl7Peer, registration, report, study } from '../../platform/db/schema';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { call } from '../../../../tests/support/api-client';
import { run, worklistNames } from '../../../../tests/support/dcmtk';
import { startDicomListener, type DicomListener } from '../dicom';
import { forgetOldMessages, HL7_MESSAGE_KEEP_DAYS, startHl7Listener, type Hl7Listener } from './hl7-listener';

/**
 * Orders from the HIS over MLLP, sent by python-hl7's mllp_send (Debian python3-hl7), and seen by dcmtk's
 * findscu -W and the worklist call; on PGlite and PostgreSQL. Hospital H001; its interface at 127.0.0.1.
 */
const t = useTestPlatform({ users: ['doctor'] });
const dir = mkdtempSync(path.join(tmpdir(), 'rx-hl7-'));
let hl7: Hl7Listener;
let dicom: DicomListener;
let peerPk = 0;

const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures/hl7', `${name}.hl7`));
const asText = (name: string) =>
  iconv.decode(fixture(name), name === 'ORM_O01' || name === 'ADT_A40' ? 'gb18030' : 'utf8');

/** Sends messages (text, written in the charset of their MSH-18) with mllp_send; the MSA of each answer. */
async function send(
  ...messages: (string | Buffer)[]
): Promise<{ code: string; id: string; text: string; raw: string }[]> {
  const file = path.join(dir, `m${Date.now()}${Math.random()}.hl7`);
  const bytes = messages.map((m) =>
    typeof m === 'string' ? iconv.encode(m, m.includes('GB 18030-2000') ? 'gb18030' : 'utf8') : m,
  );
  writeFileSync(file, Buffer.concat(bytes.flatMap((b) => [Buffer.from('\x0b'), b, Buffer.from('\x1c\r')])));
  const r = await run('/usr/bin/python3', ['/usr/bin/mllp_send', '-f', file, '-p', String(hl7.port), '127.0.0.1']);
  if (r.code !== 0) throw new Error(`mllp_send: ${r.out}`);
  return r.out
    .split('\n')
    .filter((l) => l.includes('MSA'))
    .map((l) => {
      const msa = l
        .replaceAll('\x0b', '')
        .replaceAll('\x1c', '')
        .split('\r')
        .find((s) => s.startsWith('MSA'))!;
      const [, code = '', id = '', text = ''] = msa.split('|');
      const unescaped = text.replace(
        /\\([FSTRE])\\/g,
        (_, c: string) => ({ F: '|', S: '^', T: '&', R: '~', E: '\\' })[c]!,
      );
      return { code, id, text: unescaped, raw: l };
    });
}

const studyOf = async (accession: string) =>
  (
    await t.p.deps.db
      .select()
      .from(study)
      .where(and(eq(study.hospital_code, 'H001'), eq(study.accession_no, accession)))
  )[0];

/** findscu -W as modality CT_HL7 for one accession number: the patient names answered. */
const worklist = (accession: string) => worklistNames(dicom.port, accession, dir);

const inWorklistCall = async (accession: string) => {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
    token: t.token('doctor'),
    json: { accession_no: accession, pageNumber: 1, pageSize: 20 },
  });
  expect(r.status).toBe(200);
  return (r.body.data as { list: { accession_no: string }[] }).list.map((s) => s.accession_no);
};

const orm = (o: { control?: string; id: string; placer: string; accession: string; modality?: string; pid?: string }) =>
  [
    `MSH|^~\\&|HIS|XYZYY|RIS|FSK|20240501083512||ORM^O01|${o.id}|P|2.3|||AL|NE||UNICODE UTF-8`,
    `PID|1||${o.pid ?? 'P0012345'}^^^HIS^PI||王五^WANG WU||19800315|F|||||13900000000`,
    'PV1|1|O|FSK^^^^^^^^放射科',
    `ORC|${o.control ?? 'NW'}|${o.placer}^HIS|||SC||^^^20240501090000`,
    `OBR|1|${o.placer}^HIS||DR0101^胸部正位^LOCAL||||||||||||D002^赵医生||${o.accession}||||||${o.modality ?? 'DR'}`,
  ].join('\r');

beforeAll(async () => {
  for (const tool of ['/usr/bin/mllp_send', 'findscu'])
    if (
      spawnSync(
        tool === 'findscu' ? tool : '/usr/bin/python3',
        tool === 'findscu' ? ['--version'] : [tool, '--version'],
      ).status !== 0
    )
      throw new Error(`${tool} is missing: apt-get install python3-hl7 dcmtk`);
  const { db } = t.p.deps;
  [{ pk: peerPk }] = (await db
    .insert(hl7Peer)
    .values({ name: 'HIS of H001', hospital_code: 'H001', address: '127.0.0.1' })
    .returning({ pk: hl7Peer.pk })) as [{ pk: number }];
  await db
    .insert(device)
    .values({ name: 'DR by HL7', aet: 'CT_HL7', ip: '127.0.0.1', port: 104, hospital_code: 'H001' });
  hl7 = await startHl7Listener(t.p.deps, { port: 0, host: '127.0.0.1' });
  dicom = await startDicomListener(t.p.deps, { port: 0, host: '127.0.0.1', aet: 'RXPACS' });
}, 60_000);

afterAll(async () => {
  await hl7?.close();
  await dicom?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('HL7 orders over MLLP (mllp_send, findscu -W)', () => {
  it('an ORM^O01 in GB18030 answers AA; the study is in the worklist call and findscu -W at once', async () => {
    const [ack] = await send(fixture('ORM_O01'));
    expect(ack).toMatchObject({ code: 'AA', id: 'ORM20240501000456' });
    // the ACK goes back in the message's character set, which it names
    expect(iconv.decode(Buffer.from(ack!.raw, 'latin1'), 'gb18030')).toContain('GB 18030-2000');
    const s = await studyOf('ACC20240501001');
    expect(s).toMatchObject({
      patient_id: 'P0012345',
      patient_name: '张三',
      patient_sex: 'M',
      patient_type: 2,
      modality: 'CT',
      study_desc: '胸部CT平扫',
      department: '内科二病区',
      bed_no: '12',
      sq_doctor: '李医生',
      diagnosis: '咳嗽两周&发热',
      is_del: 0,
    });
    expect(s!.study_datetime).toEqual(new Date(2024, 4, 1, 9, 0, 0));
    expect(await inWorklistCall('ACC20240501001')).toEqual(['ACC20240501001']);
    expect(await worklist('ACC20240501001')).toEqual(['张三']);
    const [trail] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'his.order_new'), eq(auditLog.target, `study:${s!.pk}`)));
    expect(trail).toMatchObject({ username: 'HIS:HIS of H001', user_pk: null });
  });

  it('the same message sent again (its ACK was lost) answers AA and changes nothing', async () => {
    const before = await t.p.deps.db.select({ n: count() }).from(study);
    const trails = await t.p.deps.db.select({ n: count() }).from(auditLog);
    expect((await send(fixture('ORM_O01')))[0]).toMatchObject({ code: 'AA', id: 'ORM20240501000456' });
    expect(await t.p.deps.db.select({ n: count() }).from(study)).toEqual(before);
    expect(await t.p.deps.db.select({ n: count() }).from(auditLog)).toEqual(trails);
  });

  it('an order change updates the study; a cancel takes it off both worklists, into the recycle bin', async () => {
    expect((await send(orm({ id: 'C1', placer: 'SQ-C', accession: 'ACC-C' })))[0]).toMatchObject({
      code: 'AA',
      text: '',
    });
    expect(await worklist('ACC-C')).toEqual(['王五']);
    const changed = orm({ control: 'XO', id: 'C2', placer: 'SQ-C', accession: 'ACC-C', modality: 'CR' });
    expect((await send(changed))[0]).toMatchObject({ code: 'AA' });
    expect(await studyOf('ACC-C')).toMatchObject({ modality: 'CR', patient_age: expect.stringMatching(/^\d+Y$/) });
    // the patient is in the queue for it: a cancel takes them off
    const [queued] = await t.p.deps.db
      .insert(registration)
      .values({
        hospital_code: 'H001',
        study_pk: (await studyOf('ACC-C'))!.pk,
        pat_id: 'P0012345',
        pat_name: '王五',
        call_room: 'CT室',
        state: 'waiting',
        queue_day: '2026-11-29',
      })
      .returning();
    const [cancelled] = await send(orm({ control: 'CA', id: 'C3', placer: 'SQ-C', accession: 'ACC-C' }));
    expect(cancelled).toMatchObject({ code: 'AA', id: 'C3' });
    expect(await studyOf('ACC-C')).toMatchObject({ is_del: 1, deleted_by: 'HIS:HIS of H001' });
    expect((await t.p.deps.db.select().from(registration).where(eq(registration.pk, queued!.pk)))[0]).toMatchObject({
      is_del: 1,
    });
    expect(await worklist('ACC-C')).toEqual([]);
    expect(await inWorklistCall('ACC-C')).toEqual([]);
    const [order] = await t.p.deps.db.select().from(hisOrder).where(eq(hisOrder.placer_no, 'SQ-C'));
    expect(order).toMatchObject({ status: 'cancelled', peer_pk: peerPk, source: 'hl7' });
  });

  it('a performed order (images or a report) cannot be changed or cancelled: AE with the reason', async () => {
    await send(orm({ id: 'P1', placer: 'SQ-P', accession: 'ACC-P' }));
    const s = await studyOf('ACC-P');
    await t.p.deps.db.update(report).set({ rpt_status: 1 }).where(eq(report.study_pk, s!.pk));
    const [ack] = await send(orm({ control: 'CA', id: 'P2', placer: 'SQ-P', accession: 'ACC-P' }));
    expect(ack).toMatchObject({ code: 'AE', text: expect.stringContaining('has been performed') });
    expect(ack!.raw).toContain('ERR|||206^Application record locked^HL70357');
    expect(await studyOf('ACC-P')).toMatchObject({ is_del: 0 });
  });

  it('ADT^A40 moves the prior id’s studies to the surviving patient; ADT^A08 updates the details', async () => {
    await send(orm({ id: 'M1', placer: 'SQ-M', accession: 'ACC-M', pid: 'P0099887' }));
    expect((await send(fixture('ADT_A40')))[0]).toMatchObject({ code: 'AA', id: 'ADT20240502000007' });
    expect(await studyOf('ACC-M')).toMatchObject({ patient_id: 'P0012345', patient_name: '张三' });
    expect((await send(fixture('ADT_A08')))[0]).toMatchObject({ code: 'AA' });
    expect(await studyOf('ACC-M')).toMatchObject({ patient_name: '张三丰' });
    expect(await studyOf('ACC20240501001')).toMatchObject({ patient_name: '张三丰', patient_type: 2 });
  });

  it('malformed or unknown messages answer AR/AE with a reason and change nothing', async () => {
    const before = await t.p.deps.db.select({ n: count() }).from(study);
    const answers = await send(
      orm({ id: 'X1', placer: 'SQ-X', accession: 'ACC-X', modality: '' }),
      asText('ORM_O01').replace('ORM^O01', 'ORU^R01').replace('ORM20240501000456', 'X2'),
      asText('ORM_O01').replace('|ORM20240501000456|', '||'),
      orm({ control: 'CA', id: 'X4', placer: 'SQ-NEVER', accession: 'ACC-X' }),
      orm({ id: 'X5', placer: 'SQ-X5', accession: 'ACC20240501001' }).replace('UNICODE UTF-8', 'ISO IR87'),
    );
    expect(answers.map((a) => [a.code, a.id])).toEqual([
      ['AE', 'X1'],
      ['AR', 'X2'],
      ['AR', ''],
      ['AE', 'X4'],
      ['AR', 'X5'],
    ]);
    expect(answers.map((a) => a.text)).toEqual([
      'OBR-24 / IPC-5 (modality) is empty',
      'ORU^R01 is not taken',
      'MSH-10 (message control id) is empty',
      'no order SQ-NEVER to cancel',
      'MSH-18 character set ISO IR87 is not known',
    ]);
    expect(await t.p.deps.db.select({ n: count() }).from(study)).toEqual(before);
  });

  it('an accession number of another study, or a sender that is not a registered interface, is refused', async () => {
    const [dup] = await send(orm({ id: 'D1', placer: 'SQ-D', accession: 'ACC20240501001' }));
    expect(dup).toMatchObject({ code: 'AE', text: 'accession number ACC20240501001 belongs to another study' });
    await t.p.deps.db.update(hl7Peer).set({ status: 0 }).where(eq(hl7Peer.pk, peerPk));
    try {
      const [stranger] = await send(orm({ id: 'S1', placer: 'SQ-S', accession: 'ACC-S' }));
      expect(stranger).toMatchObject({ code: 'AR', text: 'this sender is not a registered HIS interface' });
      expect(await studyOf('ACC-S')).toBeUndefined();
    } finally {
      await t.p.deps.db.update(hl7Peer).set({ status: 1 }).where(eq(hl7Peer.pk, peerPk));
    }
  });

  it('a failure of its own (the database refusing a write) answers AE 207; sent again later, it is taken', async () => {
    const db = t.p.deps.db;
    await db.execute(
      sql.raw(
        `create function rx_refuse() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
      ),
    );
    await db.execute(
      sql.raw('create trigger rx_refuse before insert on his_order for each row execute function rx_refuse()'),
    );
    try {
      const [ack] = await send(orm({ id: 'F1', placer: 'SQ-F', accession: 'ACC-F' }));
      expect(ack).toMatchObject({ code: 'AE', id: 'F1', text: 'internal error: send it again later' });
      expect(ack!.raw).toMatch(/ERR\|[^\r]*\|207\^/);
      expect(await studyOf('ACC-F')).toBeUndefined();
    } finally {
      await db.execute(sql.raw('drop trigger rx_refuse on his_order'));
      await db.execute(sql.raw('drop function rx_refuse'));
    }
    expect((await send(orm({ id: 'F1', placer: 'SQ-F', accession: 'ACC-F' })))[0]).toMatchObject({ code: 'AA' });
    expect(await studyOf('ACC-F')).toMatchObject({ is_del: 0 });
  });

  it(`forgets applied message ids after ${HL7_MESSAGE_KEEP_DAYS} days, not before`, async () => {
    const day = 86_400_000;
    const now = new Date();
    await t.p.deps.db.insert(hl7Message).values([
      {
        peer_pk: peerPk,
        control_id: 'OLD',
        type: 'ORM^O01',
        ack_code: 'AA',
        received_at: new Date(now.getTime() - (HL7_MESSAGE_KEEP_DAYS + 1) * day),
      },
      {
        peer_pk: peerPk,
        control_id: 'RECENT',
        type: 'ORM^O01',
        ack_code: 'AA',
        received_at: new Date(now.getTime() - (HL7_MESSAGE_KEEP_DAYS - 1) * day),
      },
    ]);
    expect(await forgetOldMessages(t.p.deps, now)).toBe(1);
    const left = await t.p.deps.db
      .select({ id: hl7Message.control_id })
      .from(hl7Message)
      .where(eq(hl7Message.peer_pk, peerPk));
    expect(left.map((r) => r.id)).toContain('RECENT');
    expect(left.map((r) => r.id)).not.toContain('OLD');
  });
});
