import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A crash test's handle (tests only; unset in any real setting): with RXPACS_TEST_HOLD_INGEST=<dir>, while
 * <dir>/hold exists an ingest whose bytes are in the store stops before writing their rows, says so in
 * <dir>/held, and waits there for good: the test kills the server at exactly that moment.
 */
export async function holdBeforeCommit(): Promise<void> {
  const dir = process.env.RXPACS_TEST_HOLD_INGEST;
  if (!dir || !existsSync(path.join(dir, 'hold'))) return;
  await writeFile(path.join(dir, 'held'), String(process.pid));
  await new Promise<never>(() => undefined);
}
