import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fill, ROLES, type Role } from './api-suite';
import { validValue, type Operation } from './openapi-doc';

/** 401 or 403: the guard refuses; 'pass': the guard lets the call through (it may still answer 400/404). */
export type Outcome = 401 | 403 | 'pass';

export interface CallShape {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

export type MatrixEntry = Record<Role, Outcome> &
  CallShape & {
    /** Why the line is what it is, where that is not obvious. */
    why?: string;
    /** For routes that address a hospital's data: the call naming the other hospital's, and what it gets. */
    otherHospital?: CallShape & { expect: 'deny' | 'nothing'; why?: string };
  };

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../api/authz-matrix');

/**
 * tests/api/authz-matrix/*.json (one file per area), checked for shape: every role has an outcome on
 * every route, and no route is in two files.
 */
export function readMatrix(): Record<string, MatrixEntry> {
  const routes: Record<string, MatrixEntry> = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const part = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { routes: Record<string, MatrixEntry> };
    for (const [key, entry] of Object.entries(part.routes)) {
      if (routes[key]) throw new Error(`authz-matrix/${name}: ${key} is in another file too`);
      for (const role of ROLES) {
        if (![401, 403, 'pass'].includes(entry[role]))
          throw new Error(`authz-matrix/${name}: ${key} has no outcome for ${role}`);
      }
      routes[key] = entry;
    }
  }
  return routes;
}

/** The role value cases run as: the least privileged one the guard lets through. */
export function allowedRole(entry: MatrixEntry): Role | undefined {
  return (['anonymous', 'register', 'doctor', 'auditor', 'hadmin', 'admin'] as const).find((r) => entry[r] === 'pass');
}

/** A signed-in role the guard refuses (403), if any. */
export function refusedRole(entry: MatrixEntry): Role | undefined {
  return (['register', 'doctor', 'auditor', 'doctor2', 'hadmin'] as const).find((r) => entry[r] === 403);
}

/** The minimal call of a route for a role: valid values from the schema, the entry's shape on top. */
export function minimalCall(
  op: Operation,
  shape: CallShape,
  values: Record<string, unknown>,
  vars: Record<string, unknown>,
) {
  const query = {
    ...Object.fromEntries(
      op.query.filter((q) => q.required).map((q) => [q.name, String(validValue(q.schema, values, q.name))]),
    ),
    ...(fill(shape.query ?? {}, vars) as Record<string, string>),
  };
  const queryText = new URLSearchParams(query).toString() || undefined;
  if (!op.body) return { query: queryText };
  const fields = { ...(validValue(op.body.schema, values) as object), ...(fill(shape.body ?? {}, vars) as object) };
  const body = (() => {
    switch (op.body.kind) {
      case 'json':
        return { type: 'application/json', data: JSON.stringify(fields) };
      case 'form':
        return {
          type: 'application/x-www-form-urlencoded',
          data: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
        };
      case 'multipart': {
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array([0x50, 0x4b])]), 'empty.xlsx');
        return { type: 'multipart', data: form };
      }
    }
  })();
  return { query: queryText, body };
}
