import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@shared/permissions';
import { MODULES } from './registry';

const CODE_OF = PERMISSIONS as Record<string, string>;

/** The codes a module's routes require: `access(code)`, or codes joined by ' | ' (any of them). */
function routeCodes(name: string): Set<string> {
  const module = MODULES.find((m) => m.name === name)!;
  const codes = new Set<string>();
  for (const app of module.routes?.({ fetch: () => new Response(null) }) ?? []) {
    for (const d of app.openAPIRegistry.definitions) {
      if (d.type !== 'route') continue;
      const access = (d.route as { 'x-permission'?: string })['x-permission'] ?? '';
      for (const code of access.split(' | ')) if (code !== 'public' && code !== 'session') codes.add(code);
    }
  }
  return codes;
}

/** The codes its own source names (`PERMISSIONS.X`), tests aside: checks made in its services. */
function sourceCodes(name: string): Set<string> {
  const dir = path.join(import.meta.dirname, name);
  const codes = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'index.ts') continue;
    for (const [, key] of readFileSync(path.join(dir, file), 'utf8').matchAll(/PERMISSIONS\.([A-Z_]+)/g)) {
      codes.add(CODE_OF[key!]!);
    }
  }
  return codes;
}

describe('the module registry', () => {
  it('names each module once, as its folder', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const folders = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((d) => d.isDirectory());
    expect(names.toSorted()).toEqual(folders.map((d) => d.name).toSorted());
  });

  it('has each module declare exactly the permission codes its routes and services check', () => {
    for (const m of MODULES) {
      const checked = new Set([...routeCodes(m.name), ...sourceCodes(m.name)]);
      expect(new Set(m.permissions), m.name).toEqual(checked);
    }
  });

  it('leaves no permission code unchecked: every one is some module’s', () => {
    const declared = new Set(MODULES.flatMap((m) => m.permissions));
    expect([...declared].toSorted()).toEqual(Object.values(PERMISSIONS).toSorted());
  });
});
