import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform();
const statements = readFileSync(path.join(import.meta.dirname, 'migrations', '0032_layout_drafts.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim());
const rename = statements.find((s) => s.includes('UPDATE "layout_template"'))!;
const uniqueIndex = statements.find((s) => s.startsWith('CREATE UNIQUE INDEX'))!;

describe('migration 0032: layout names become unique per hospital', () => {
  it('renames the later holders of a repeated name to "name (pk)", within a hospital only, then the index holds', async () => {
    const { db } = t.p.deps;
    const run = (q: string) => db.execute(sql.raw(q)) as Promise<{ rows: Record<string, unknown>[] }>;
    await run('drop index layout_template_name_uq');
    const long = 'x'.repeat(64);
    const { rows } = await run(
      `insert into layout_template (hospital_code, modality, name, elements) values
         ('H001', 'CT', '重复', '[]'), ('H001', 'MR', '重复', '[]'), ('H002', 'CT', '重复', '[]'),
         ('H001', 'US', '${long}', '[]'), ('H001', 'DX', '${long}', '[]')
       returning pk, name`,
    );
    const pks = rows.map((r) => Number(r.pk));
    await run(rename);
    await run(uniqueIndex);
    const after = await run(`select pk, name from layout_template where pk in (${pks.join(',')}) order by pk`);
    const suffix = ` (${pks[4]})`;
    expect(after.rows.map((r) => r.name)).toEqual([
      '重复',
      `重复 (${pks[1]})`,
      '重复', // another hospital's
      long,
      long.slice(0, 64 - suffix.length) + suffix, // still within 64 characters
    ]);
    await run(`delete from layout_template where pk in (${pks.join(',')})`);
  });
});
