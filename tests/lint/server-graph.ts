import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isProduction, resolveImport } from '../../lint/layers.js';

/** The folder a file belongs to: every folder of the server is a node of the graph (sub-folders too). */
export function folderOf(rel: string): string {
  return path.posix.dirname(rel);
}

/** Every import, export-from and import() of the production files, as folder -> folder arrows. */
export function folderArrows(root: string, files: string[]): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const rel of files.filter((f) => isProduction(f) && !f.endsWith('.d.ts'))) {
    const from = folderOf(rel);
    const info = ts.preProcessFile(readFileSync(path.join(root, rel), 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      const target = resolveImport(fileName, path.join(root, rel));
      if (!target?.startsWith('server/src/')) continue;
      const to = folderOf(target);
      if (to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Set());
      arrows.get(from)?.add(to);
    }
  }
  return arrows;
}

/** The circles of a graph: its strongly connected components of more than one node (Tarjan). */
export function circles(arrows: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of arrows.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) out.push(component.sort());
  };
  for (const v of arrows.keys()) if (!index.has(v)) visit(v);
  return out;
}
