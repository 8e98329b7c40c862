import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportInfo } from '@shared/schemas/report';
import { sysConfig } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'doctor2'], env: { OUTBOUND_ALLOW: '127.0.0.1/32' } });

/** A stand-in AI service speaking the platform's documented contract; `mode` picks its answer. */
const ai = { mode: 'ok' as 'ok' | 'error' | 'garbage' | 'empty', received: [] as Record<string, unknown>[], url: '' };
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      ai.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (ai.mode === 'error') return void res.writeHead(500).end('boom');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (ai.mode === 'garbage') return void res.end('<html>');
      res.end(JSON.stringify({ opinion: ai.mode === 'empty' ? '  ' : '  右肺上叶小结节，建议随访。 ' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  ai.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/suggest`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const suggest = (user: 'doctor' | 'doctor2', study_iuid: string, lang = 'en-US') =>
  call(t.p.app, 'POST', '/report/aiSuggest', {
    token: t.token(user),
    lang,
    json: { study_iuid, findings: '右肺上叶见一约 6mm 结节。' },
  });
const setAiUrl = (value: string) => t.p.deps.db.update(sysConfig).set({ value }).where(eq(sysConfig.name, 'ai_url'));

describe('POST /report/aiSuggest', () => {
  it('is off until ai_url is set; then answers the service’s opinion, sends no name or ID, and saves nothing', async () => {
    const list = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('doctor'),
      json: { rpt_status: [0], pageSize: 20 },
    });
    const s = (list.body.data as { list: StudyRow[] }).list.find((r) => r.hospital_code === 'H001')!;
    const off = await suggest('doctor', s.study_iuid);
    expect([off.status, off.body.msg]).toEqual([409, 'No AI service is set up (configuration ai_url)']);
    const config = await call(t.p.app, 'GET', '/tool/reportConfig', { token: t.token('doctor') });
    expect((config.body.data as { ai_enabled: boolean }).ai_enabled).toBe(false);

    await setAiUrl(ai.url);
    try {
      expect(
        (
          (await call(t.p.app, 'GET', '/tool/reportConfig', { token: t.token('doctor') })).body.data as {
            ai_enabled: boolean;
          }
        ).ai_enabled,
      ).toBe(true);
      const before = (
        await call(t.p.app, 'POST', '/report/info', { token: t.token('doctor'), json: { study_iuid: s.study_iuid } })
      ).body.data as ReportInfo;
      const r = await suggest('doctor', s.study_iuid, 'zh-CN');
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toEqual({ opinion: '右肺上叶小结节，建议随访。' });
      const sent = ai.received.at(-1)!;
      expect(sent).toMatchObject({ findings: '右肺上叶见一约 6mm 结节。', modality: s.modality, language: 'zh-CN' });
      expect(JSON.stringify(sent)).not.toContain(s.patient_name);
      expect(JSON.stringify(sent)).not.toContain(s.patient_id);
      const after = (
        await call(t.p.app, 'POST', '/report/info', { token: t.token('doctor'), json: { study_iuid: s.study_iuid } })
      ).body.data as ReportInfo;
      expect(after.reports[0]!.version).toBe(before.reports[0]!.version);
      expect(after.reports[0]!.report_text2).toBe(before.reports[0]!.report_text2);

      for (const mode of ['error', 'garbage', 'empty'] as const) {
        ai.mode = mode;
        const bad = await suggest('doctor', s.study_iuid);
        expect([bad.status, bad.body.error, bad.body.msg], mode).toEqual([
          503,
          'AI_UNAVAILABLE',
          'The AI service is not available now; try again later',
        ]);
      }
      ai.mode = 'ok';
      // another hospital's study is refused before anything is sent
      const sentBefore = ai.received.length;
      expect([403, 404]).toContain((await suggest('doctor2', s.study_iuid)).status);
      expect(ai.received.length).toBe(sentBefore);
    } finally {
      await setAiUrl('');
    }
  });
});
