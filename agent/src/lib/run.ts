import { execFile } from 'node:child_process';

export interface RunResult {
  stdout: string;
  stderr: string;
}

export class RunError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly notFound: boolean,
  ) {
    super(message);
  }
}

/** Runs a program with arguments as separate strings (never through a shell), optional stdin. */
export function run(
  command: string,
  args: string[],
  options: { input?: Buffer | string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { env: options.env ?? process.env, timeout: options.timeoutMs ?? 60_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        const code = typeof error.code === 'number' ? error.code : null;
        reject(
          new RunError(`${command} failed: ${stderr.trim() || error.message}`, code, stderr, error.code === 'ENOENT'),
        );
      },
    );
    child.stdin?.on('error', () => undefined);
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}
