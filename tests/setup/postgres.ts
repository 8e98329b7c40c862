import type { TestProject } from 'vitest/node';
import { startPgCluster, type PgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/** The API suite's PostgreSQL: TEST_DATABASE_URL when given (CI), otherwise a private cluster. */
let cluster: PgCluster | undefined;

export async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    cluster = await startPgCluster();
    url = cluster.url;
  }
  project.provide('pgAdminUrl', url);
}

export function teardown() {
  cluster?.stop();
}
