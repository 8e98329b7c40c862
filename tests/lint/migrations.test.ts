import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../../server/src/platform/db/migration-locks';

/**
 * Rolling upgrades (docs/deploy.md): for a while the previous release runs beside the new one on the
 * database the new one migrated, so from the first production release on every migration must leave that
 * release working. It may add tables, nullable columns and columns with a default, and indexes; it may not
 * drop, rename or retype what the previous release uses, or add a NOT NULL column without a default (the
 * previous release's inserts would fail). A migration that must (the contract step, a release after nothing
 * uses the old shape) says so on a line `-- contract: <why the previous release no longer needs it>`.
 */
const FIRST_ROLLING = 28;
const folder = path.resolve('server/src/platform/db/migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

const breaking: [RegExp, string][] = [
  [/\bDROP\s+(TABLE|COLUMN|VIEW|TYPE)\b/i, 'drops what the previous release may use'],
  [/\bRENAME\b/i, 'renames what the previous release uses by name'],
  [/\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, 'retypes a column'],
  [/\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i, 'makes a column the previous release may leave empty required'],
];

/** What in a migration would break the release before it, statement by statement. */
function breakingSteps(sql: string): string[] {
  if (/^--\s*contract:\s*\S/m.test(sql)) return [];
  const out: string[] = [];
  for (const s of statementsOf(sql)) {
    for (const [re, why] of breaking) if (re.test(s)) out.push(`${why}: ${s}`);
    if (/\bADD\s+COLUMN\b/i.test(s) && /\bNOT\s+NULL\b/i.test(s) && !/\bDEFAULT\b/i.test(s))
      out.push(`adds a required column without a default (the previous release's inserts fail): ${s}`);
  }
  return out;
}

describe('migrations stay compatible with the previous release', () => {
  it('no migration since rolling upgrades began breaks the release before it', () => {
    const found = journal.entries
      .filter((e) => e.idx >= FIRST_ROLLING)
      .flatMap((e) =>
        breakingSteps(readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8')).map((b) => `${e.tag}: ${b}`),
      );
    expect(found).toEqual([]);
  });

  it('catches each kind of breaking step, and lets a declared contract step through', () => {
    const steps = [
      'ALTER TABLE "study" DROP COLUMN "x";',
      'ALTER TABLE "study" RENAME COLUMN "x" TO "y";',
      'ALTER TABLE "study" ALTER COLUMN "x" SET DATA TYPE integer;',
      'ALTER TABLE "study" ALTER COLUMN "x" SET NOT NULL;',
      'ALTER TABLE "study" ADD COLUMN "x" integer NOT NULL;',
      'DROP TABLE "old";',
    ];
    for (const s of steps) expect(breakingSteps(s), s).toHaveLength(1);
    expect(breakingSteps('ALTER TABLE "study" ADD COLUMN "x" integer DEFAULT 0 NOT NULL;')).toEqual([]);
    expect(breakingSteps('ALTER TABLE "study" ADD COLUMN "x" integer;')).toEqual([]);
    expect(breakingSteps('-- contract: release 3 stopped reading x\nALTER TABLE "study" DROP COLUMN "x";')).toEqual([]);
  });
});
