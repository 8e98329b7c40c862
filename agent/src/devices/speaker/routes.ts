import { Hono } from 'hono';
import { SpeakRequestSchema } from '@shared/agent/api';
import { AgentError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { SerialQueue } from '../../lib/serial-queue';
import { json } from '../../lib/validate';
import type { Speaker } from './speaker';

export interface SpeechOptions {
  voice: string;
  rate: number;
  /** When set, each call is written to a new WAV file in this directory instead of the speaker. */
  outDir?: string;
}

/**
 * POST /speak answers once the call has been spoken `times` times. Calls go through one queue, so two
 * calls never talk over each other; a failed call does not block the next.
 */
export function speakerRoutes(speaker: Speaker, options: SpeechOptions) {
  const queue = new SerialQueue();
  let counter = 0;
  return new Hono().post('/speak', json(SpeakRequestSchema), async (c) => {
    const { text, rate, times } = c.req.valid('json');
    const outFiles: string[] = [];
    await queue.run(async () => {
      for (let i = 0; i < times; i++) {
        const outFile = options.outDir ? `${options.outDir}/call-${Date.now()}-${++counter}.wav` : undefined;
        try {
          await speaker({ text, rate: rate ?? options.rate, voice: options.voice, outFile });
        } catch {
          throw new AgentError('SPEECH_FAILED', 500);
        }
        if (outFile) outFiles.push(outFile);
      }
    });
    return ok(c, { spoken: times, ...(options.outDir ? { files: outFiles } : {}) });
  });
}
