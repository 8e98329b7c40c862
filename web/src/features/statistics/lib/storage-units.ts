/** Spec section 9: MB = bytes / 1024000 and GB = MB / 1024 (the legacy divisor, kept for equal figures). */
export const BYTES_PER_MB = 1_024_000;
export const MB_PER_GB = 1024;

export function bytesToMb(bytes: number): number {
  return bytes / BYTES_PER_MB;
}

export function bytesToGb(bytes: number): number {
  return bytes / BYTES_PER_MB / MB_PER_GB;
}

/** Two decimals, as the storage tables show them. */
export function formatMb(bytes: number): string {
  return bytesToMb(bytes).toFixed(2);
}

export function formatGb(bytes: number): string {
  return bytesToGb(bytes).toFixed(2);
}

/** The unit a chart of these sizes reads best in: GB once the largest reaches 1 GB, else MB. */
export function chartUnit(bytes: readonly number[]): 'GB' | 'MB' {
  return Math.max(0, ...bytes) >= BYTES_PER_MB * MB_PER_GB ? 'GB' : 'MB';
}

export function inUnit(bytes: number, unit: 'GB' | 'MB'): number {
  return Number((unit === 'GB' ? bytesToGb(bytes) : bytesToMb(bytes)).toFixed(2));
}
