import path from 'node:path';
import { AGENT_DEFAULT_PORT } from '@shared/agent/constants';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './lib/logger';
import { startAgent } from './server';

const logger = createLogger();

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return AGENT_DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigError(`AGENT_PORT: not a port: ${value}`);
  return port;
}

async function main() {
  const file = path.resolve(process.env.AGENT_CONFIG ?? 'agent/agent.config.json');
  const config = await loadConfig(file);
  const agent = await startAgent({ config, port: portFromEnv(process.env.AGENT_PORT), logger });
  const stop = () => {
    void agent.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  // A config error names the bad key; print it plainly so an installer's log shows it.
  if (e instanceof ConfigError) console.error(e.message);
  else logger.fatal({ err: (e as Error).message }, 'agent failed to start');
  process.exit(1);
});
