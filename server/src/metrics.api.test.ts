import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../tests/support/api-client';
import { useTestPlatform } from '../../tests/support/use-test-platform';

/** GET /metrics: the Prometheus text format, for the listed addresses only, changing as requests are answered. */
const t = useTestPlatform({ env: { SLOW_REQUEST_MS: '1' } });

async function scrape(ip = '127.0.0.1') {
  const r = await call(t.p.app, 'GET', '/metrics', { ip });
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusTextFormat(r.text);
}
type Families = Awaited<ReturnType<typeof scrape>>;
const family = (all: Families, name: string) => all.find((f) => f.name === name);
const requests = (all: Families, route: string, status: string) =>
  Number(
    family(all, 'rxpacs_http_requests_total')?.metrics.find(
      (m) => m.labels?.route === route && m.labels?.status === status,
    )?.value ?? 0,
  );

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, with their latency; unmatched paths under one label', async () => {
    const before = await scrape();
    await call(t.p.app, 'GET', '/healthz');
    await call(t.p.app, 'GET', '/healthz');
    const study = '1.2.840.99999.1';
    await call(t.p.app, 'GET', `/dicomweb/studies/${study}/series`, { token: 'not-a-session' });
    await call(t.p.app, 'GET', '/no/such/path/123');
    const after = await scrape();
    expect(requests(after, '/healthz', '200') - requests(before, '/healthz', '200')).toBe(2);
    // the route's pattern, never the UID in the address
    expect(requests(after, '/dicomweb/studies/:study/series', '401')).toBe(1);
    expect(JSON.stringify(after)).not.toContain(study);
    expect(requests(after, 'unmatched', '404') - requests(before, 'unmatched', '404')).toBe(1);
    expect(family(after, 'rxpacs_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // (the parser keeps a histogram's buckets but not its other labels: the count line is read as written)
    const count = /^rxpacs_http_request_duration_seconds_count\{route="\/healthz",method="GET"\} (\d+)$/m;
    const text = (await call(t.p.app, 'GET', '/metrics', { ip: '127.0.0.1' })).text;
    expect(Number(count.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('reports the process, the data directory, the ingest gate and the report jobs', async () => {
    const all = await scrape();
    expect(Number(family(all, 'rxpacs_process_resident_memory_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    expect(Number(family(all, 'rxpacs_data_dir_free_bytes')?.metrics[0]?.value)).toBeGreaterThan(0);
    const ingest = family(all, 'rxpacs_ingest_uploads')!
      .metrics.map((m) => m.labels?.state)
      .sort();
    expect(ingest).toEqual(['admitted', 'running', 'waiting']);
    const jobs = family(all, 'rxpacs_report_jobs')!.metrics.find((m) => m.labels?.queue === 'archive_pending');
    expect(jobs?.value).toBe('0');
    const pool = family(all, 'rxpacs_db_pool_waiting');
    // the pool is PostgreSQL's: there when the suite runs on a server, absent on the embedded database
    expect(pool === undefined).toBe(t.p.deps.dbKind === 'pglite');
  });

  it('answers only the addresses METRICS_ALLOW lists (this machine by default)', async () => {
    const far = await call(t.p.app, 'GET', '/metrics', { ip: '10.1.2.3', lang: 'en-US' });
    expect(far.status).toBe(403);
    expect(far.body.msg).toBe('You do not have permission for this action');
    expect((await call(t.p.app, 'GET', '/metrics', { ip: '::ffff:127.0.0.1' })).status).toBe(200);
    // a client cannot claim to be this machine: X-Forwarded-For counts only from TRUSTED_PROXIES
    const claimed = await call(t.p.app, 'GET', '/metrics', {
      ip: '10.1.2.3',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(claimed.status).toBe(403);
  });

  it('logs a request slower than SLOW_REQUEST_MS with its route', async () => {
    const warn = vi.spyOn(t.p.deps.log, 'warn');
    try {
      // a sign-in hashes a password: well over the 1 ms this platform is set to
      const r = await call(t.p.app, 'POST', '/user/login', {
        form: { username: 'doctor', password: 'wrong', logon_type: 'PC' },
      });
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ route: '/user/login', method: 'POST', status: r.status }),
        'slow request',
      );
    } finally {
      warn.mockRestore();
    }
  });
});
