import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { spawnServer, throwawayDatabase, type ChildServer } from '../../../../tests/support/child-server';
import { freePort } from '../../../../tests/support/ports';

// PostgreSQL only: on the embedded database the whole DATA_DIR is already one server's.
/**
 * Servers sharing one PostgreSQL may share a DATA_DIR, but the DICOM listener's received queue has one
 * writer: a second listening server on the same DATA_DIR is refused at start, naming the folder and the pid.
 */
let url = '';
let drop = async () => {};
let dataDir = '';
let first: ChildServer | undefined;

beforeAll(async () => {
  ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-listener-lock-'));
}, 60_000);

afterAll(async () => {
  first?.kill9();
  await first?.exited;
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the DICOM listener's received queue", () => {
  it('refuses a second listening server on the same DATA_DIR; one without a listener starts', async () => {
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    first = await spawnServer({ ...env, DICOM_PORT: String(await freePort()) });
    const second = await spawnServer({ ...env, DICOM_PORT: String(await freePort()) }).then(
      (s) => {
        s.kill9();
        return 'started';
      },
      (err: Error) => err.message,
    );
    expect(second).toContain(`Another RxPACS server (pid ${first.pid}) is using the data folder`);
    expect(second).toContain(path.join(dataDir, 'images', '.received'));
    const web = await spawnServer({ ...env, DICOM_PORT: '0' });
    web.kill9();
    await web.exited;
  }, 90_000);
});
