import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { ViewerAction } from '@shared/agent/api';
import { AgentError } from '../../lib/errors';

export interface Viewer {
  readonly available: boolean;
  /** Starts the viewer for a study already validated as a DICOM UID. */
  run: (action: ViewerAction, studyIuid: string) => Promise<void>;
}

export interface ViewerOptions {
  command: string;
  openArgs: string[];
  closeArgs: string[];
}

/**
 * Runs the configured viewer program directly (no shell on any platform), each argument separate, with
 * `{study_iuid}` replaced inside the configured arguments. The viewer keeps running after the answer.
 */
export function commandViewer(options: ViewerOptions): Viewer {
  return {
    available: installed(options.command),
    run: (action, studyIuid) => {
      if (!options.command) return Promise.reject(new AgentError('CAPABILITY_UNAVAILABLE', 503));
      const template = action === 'openImage' ? options.openArgs : options.closeArgs;
      const args = template.map((a) => a.replaceAll('{study_iuid}', studyIuid));
      return new Promise((resolve, reject) => {
        const child = spawn(options.command, args, {
          shell: false,
          detached: true,
          stdio: 'ignore',
          windowsHide: false,
        });
        child.once('error', () => reject(new AgentError('VIEWER_FAILED', 500)));
        child.once('spawn', () => {
          child.unref();
          resolve();
        });
      });
    },
  };
}

/** The custom-protocol link the web app opens when no agent answers, e.g. rxpacs://openImage?study_iuid=1.2.3 */
export function viewerLink(protocol: string, action: ViewerAction, studyIuid: string): string {
  return `${protocol}://${action}?study_iuid=${encodeURIComponent(studyIuid)}`;
}

/** A configured program that exists (a bare name is looked up on PATH when run, so it counts as there). */
function installed(command: string): boolean {
  if (!command) return false;
  if (!path.isAbsolute(command)) return true;
  try {
    accessSync(command, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
