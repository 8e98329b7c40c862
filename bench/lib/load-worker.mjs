// Worker-thread entry of bench/load.ts: Node 20 does not pass tsx's loader to workers, so load the
// TypeScript through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./load-user.ts', import.meta.url);
