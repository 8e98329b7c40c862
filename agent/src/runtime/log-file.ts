import { createStream, type RotatingFileStream } from 'rotating-file-stream';

/** Each user's log is at most LOG_FILE_SIZE x (LOG_FILES + 1) on disk, whatever runs for years. */
export const LOG_FILE_SIZE = '5M';
export const LOG_FILES = 5;

/** agent.log in `dir`, moved aside when it reaches LOG_FILE_SIZE; the oldest beyond LOG_FILES is deleted. */
export function rotatingLog(dir: string): RotatingFileStream {
  return createStream('agent.log', { path: dir, size: LOG_FILE_SIZE, maxFiles: LOG_FILES, mode: 0o600 });
}
