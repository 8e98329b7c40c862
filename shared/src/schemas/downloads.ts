import { z } from 'zod';

/** One file the installation publishes for its workstations (GET /tool/downloads). */
export const DownloadFileSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** ISO time of the file's last change. */
  modified: z.string(),
});
export type DownloadFile = z.infer<typeof DownloadFileSchema>;

/**
 * GET /tool/downloads: the files, each at /downloads/<name>, the address workstations reach the platform by, and
 * the Chrome extension's id once its update manifest (updates.xml) is published.
 */
export const DownloadsSchema = z.object({
  files: z.array(DownloadFileSchema),
  origin: z.string(),
  extensionId: z.string().optional(),
});
export type Downloads = z.infer<typeof DownloadsSchema>;

export const DownloadNameParamSchema = z.object({ name: z.string().max(128) });
