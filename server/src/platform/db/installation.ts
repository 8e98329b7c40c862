import type { SecretBox } from '../core/secret-box';
import type { Db } from './client';
import { installation } from './schema';

const KEY_CHECK_TEXT = 'rxpacs installation key check';

/** This server's secret key is not the one the installation's secrets are sealed with. */
export class SecretKeyMismatchError extends Error {
  constructor() {
    super(
      "This server's secret key (SECRET_KEY, or DATA_DIR/secret.key) is not the key the database's secrets " +
        'were sealed with, so it could neither read them nor seal secrets the other servers can read. ' +
        'Give every server process of one database the same SECRET_KEY (or a copy of the same secret.key), ' +
        'or restore the key from the backup. If the key is lost for good, start one server once with ' +
        "SECRET_KEY_RESET=yes (every other one stopped): its key becomes the installation's, and the sealed " +
        'secrets (WeChat app secrets and tokens) must be entered again.',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * The first server to start writes a fixed text sealed with its key; every later start (any process, any
 * machine) must open it with its own key, or refuse to start.
 */
export async function checkSecretKey(
  db: Db,
  box: SecretBox,
  o: { reset?: boolean; onReset?: () => void } = {},
): Promise<void> {
  const check = box.seal(KEY_CHECK_TEXT);
  await db.insert(installation).values({ id: 1, key_check: check }).onConflictDoNothing();
  const [row] = await db.select({ check: installation.key_check }).from(installation);
  if (row && box.open(row.check) === KEY_CHECK_TEXT) return;
  if (!o.reset) throw new SecretKeyMismatchError();
  // The old key is lost: this key becomes the installation's; what it sealed stays unreadable until entered again.
  await db.update(installation).set({ key_check: check });
  o.onReset?.();
}
