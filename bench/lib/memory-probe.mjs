// Preloaded into the server process by bench/load.ts (NODE_OPTIONS=--expose-gc --import ...), so the server
// itself exposes nothing new: on SIGUSR2 it writes process.memoryUsage() before and after a full garbage
// collection to BENCH_MEMORY_FILE (a private file renamed into place, so a reader never sees half of it).
import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
let seq = 0;
if (file) {
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage();
    globalThis.gc?.();
    const after = process.memoryUsage();
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, before, after }));
    renameSync(`${file}.tmp`, file);
  });
}
