import { createRequire } from 'node:module';

/** The agent's version is the repository's package version. */
export const version: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
