import { statfs } from 'node:fs/promises';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The figures a hospital's monitoring scrapes (GET /metrics, Prometheus text format, prom-client): requests by
 * route, method and status with their latency; the process (CPU, memory, event loop lag, from prom-client's
 * defaults); the data directory's disk; and what modules add as gauges read at each scrape (database pool,
 * ingest gate, DICOM associations, job queue). One registry per running app, so test platforms in one process
 * keep their own.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (bounded), method, status and seconds. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A gauge whose value (or values by label) is read when scraped; registering a name again replaces it. */
  gauge(
    name: string,
    help: string,
    read: () => number | Promise<number> | Record<string, number> | Promise<Record<string, number>>,
    label?: string,
  ): void;
}

const PREFIX = 'rxpacs_';

export function createMetrics(o: { dataDir: string }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request (to its first byte for a streamed answer)',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const metrics: Metrics = {
    registry,
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      duration.observe({ route, method }, seconds);
    },
    gauge(name, help, read, label) {
      // A part started again on the same app (a listener restarted) replaces its gauge.
      registry.removeSingleMetric(`${PREFIX}${name}`);
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        labelNames: label ? [label] : [],
        registers: [registry],
        async collect() {
          const value = await read();
          if (typeof value === 'number') this.set(value);
          else for (const [k, v] of Object.entries(value)) this.set({ [label!]: k }, v);
        },
      });
    },
  };
  const disk = async () => statfs(o.dataDir).catch(() => null);
  metrics.gauge('data_dir_free_bytes', "Bytes free for the server on DATA_DIR's file system", async () => {
    const s = await disk();
    return s ? s.bavail * s.bsize : -1;
  });
  metrics.gauge('data_dir_size_bytes', "Size of DATA_DIR's file system", async () => {
    const s = await disk();
    return s ? s.blocks * s.bsize : -1;
  });
  return metrics;
}
