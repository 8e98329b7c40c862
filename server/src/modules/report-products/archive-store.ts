import { createHash } from 'node:crypto';
import type { ImageStore } from '../../platform/storage/store';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Content-addressed: the key is the PDF's SHA-256, so a stored PDF can never be replaced by another. */
export const archiveKey = (hex: string) => `files/archive/${hex}.pdf`;

export class ArchiveCorrupt extends Error {}

/** Stores the PDF under its hash (a second put of the same bytes is a no-op); answers the hash. */
export async function putArchive(store: ImageStore, pdf: Buffer): Promise<string> {
  const hex = sha256(pdf);
  await store.put(archiveKey(hex), pdf);
  return hex;
}

/** The archived PDF, or null when the store has no such object; throws ArchiveCorrupt when the bytes changed. */
export async function readArchive(store: ImageStore, hex: string): Promise<Buffer | null> {
  const found = await store.get(archiveKey(hex));
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Buffer));
  const pdf = Buffer.concat(chunks);
  if (sha256(pdf) !== hex) throw new ArchiveCorrupt(hex);
  return pdf;
}
