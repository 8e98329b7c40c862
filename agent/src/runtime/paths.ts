import os from 'node:os';
import path from 'node:path';
import { isSea } from 'node:sea';

type Env = Record<string, string | undefined>;

/** True when this process is the packaged single executable (Node SEA), not `npm run agent`. */
export function isPackaged(): boolean {
  return isSea();
}

/**
 * Where the configuration is read from: AGENT_CONFIG, else the installed default of the package
 * (/etc/rxpacs/agent.json, %ProgramData%\rxpacs\agent.json), else the repository's sample when run from source.
 */
export function configFile(env: Env, packaged: boolean, platform = process.platform): string {
  if (env.AGENT_CONFIG) return path.resolve(env.AGENT_CONFIG);
  if (!packaged) return path.resolve('agent/agent.config.json');
  if (platform === 'win32') return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'rxpacs', 'agent.json');
  return '/etc/rxpacs/agent.json';
}

/**
 * The user's own folder for the agent's log and instance lock: $XDG_STATE_HOME/rxpacs-agent
 * (~/.local/state/rxpacs-agent), %LOCALAPPDATA%\rxpacs\agent on Windows.
 */
export function stateDir(env: Env, platform = process.platform, home = os.homedir()): string {
  if (env.AGENT_STATE_DIR) return path.resolve(env.AGENT_STATE_DIR);
  if (platform === 'win32') {
    return path.win32.join(env.LOCALAPPDATA ?? path.win32.join(home, 'AppData', 'Local'), 'rxpacs', 'agent');
  }
  return path.join(env.XDG_STATE_HOME || path.join(home, '.local', 'state'), 'rxpacs-agent');
}
