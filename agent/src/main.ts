import path from 'node:path';
import { AGENT_DEFAULT_PORT } from '@shared/agent/constants';
import { ConfigError, loadConfig, type AgentConfig } from './config';
import { createLogger } from './lib/logger';
import { watchConfigFile } from './runtime/config-watch';
import { takeInstanceLock } from './runtime/instance-lock';
import { rotatingLog } from './runtime/log-file';
import { configFile, isPackaged, stateDir } from './runtime/paths';
import { startAgent, type RunningAgent } from './server';
import { version } from './version';

const env = process.env;
const packaged = isPackaged();
const state = stateDir(env);
// The packaged agent runs without a terminal (started at login): its log goes to a rotated file of its own.
const logStream = packaged || env.AGENT_LOG_DIR ? rotatingLog(env.AGENT_LOG_DIR ?? path.join(state, 'logs')) : null;
const logger = createLogger(undefined, logStream ?? undefined);

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return AGENT_DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigError(`AGENT_PORT: not a port: ${value}`);
  return port;
}

function exit(code: number): void {
  if (logStream) logStream.end(() => process.exit(code));
  else process.exit(code);
}

async function main() {
  if (process.argv.includes('--version')) {
    console.log(version);
    return;
  }
  const file = configFile(env, packaged);
  let config: AgentConfig = await loadConfig(file);
  const port = portFromEnv(env.AGENT_PORT);
  // The login session's runtime folder when there is one: emptied at logout and reboot, so no stale lock.
  const runtime = env.XDG_RUNTIME_DIR && !env.AGENT_STATE_DIR && process.platform === 'linux';
  const lock = await takeInstanceLock(runtime ? path.join(env.XDG_RUNTIME_DIR!, 'rxpacs-agent') : state);
  if (!lock.held) {
    console.log(`rxpacs-agent is already running for this user (pid ${lock.pid})`);
    exit(0);
    return;
  }
  let agent: RunningAgent = await startAgent({ config, port, logger });
  logger.info({ version, config: file, packaged }, 'agent started');

  // A changed configuration takes effect without a reinstall or a restart: the agent restarts in place. A
  // configuration that does not validate is refused and the running one kept.
  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      let next: AgentConfig;
      try {
        next = await loadConfig(file);
      } catch (e) {
        logger.error({ err: (e as Error).message }, 'configuration not reloaded: the running one is kept');
        return;
      }
      if (JSON.stringify(next) === JSON.stringify(config)) return;
      await agent.close();
      try {
        agent = await startAgent({ config: next, port, logger });
        config = next;
        logger.info({ config: file }, 'configuration reloaded');
      } catch (e) {
        logger.error({ err: (e as Error).message }, 'reloaded configuration failed to start: the previous one is back');
        agent = await startAgent({ config, port, logger });
      }
    });
  };
  const stopWatching = watchConfigFile(file, reload);
  process.on('SIGHUP', reload);

  const stop = () => {
    stopWatching();
    void reloading
      .then(() => agent.close())
      .then(() => lock.release())
      .finally(() => exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  // A config error names the bad key; print it plainly so an installer's log shows it.
  if (e instanceof ConfigError) console.error(e.message);
  else {
    console.error(`rxpacs-agent failed to start: ${(e as Error).message}`);
    logger.fatal({ err: (e as Error).message }, 'agent failed to start');
  }
  exit(1);
});
