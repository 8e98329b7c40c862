import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/**
 * Calls `onChange` (debounced) when the configuration file is written, replaced (editors and package
 * upgrades rename a new file over it) or created. The folder is watched, not the file, so a replaced file
 * is still seen. Returns the stop function.
 */
export function watchConfigFile(file: string, onChange: () => void, debounceMs = 300): () => void {
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(path.dirname(file), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed !== name) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, debounceMs);
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    // No folder to watch (yet): SIGHUP still reloads.
  }
  return () => {
    clearTimeout(timer);
    watcher?.close();
  };
}
