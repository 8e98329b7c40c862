import { version as packageVersion } from '../../package.json';

/** The agent's version is the repository's package version (inlined when the agent is packaged). */
export const version: string = packageVersion;
