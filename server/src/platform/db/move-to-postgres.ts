import { sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from './client';
import { isStatCountTable } from './stat-zone';

/**
 * Moves an embedded installation's database into an empty PostgreSQL database of the same version: every
 * table of the platform's schema (the images stay where they are: their rows, the store's references, move
 * with the rest), each row carried in PostgreSQL's own text form of it, so nothing is converted on the way;
 * the sequences after. All in one transaction on the target: a failure leaves it as empty as it was. Then
 * every table is compared on both sides: row count and a checksum of its rows.
 */
export interface TableCheck {
  table: string;
  rows: number;
  /** Sum of the first 60 bits of each row's md5 (order-free, bounded memory). */
  checksum: string;
}

const BATCH = 2000;
const ident = (name: string) => sql.identifier(name);

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** The platform's tables, each after the tables its foreign keys point to; the statistics counts are rebuilt, not copied. */
export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    )
  )
    .map((r) => r.name)
    .filter((t) => !isStatCountTable(t));
  const deps = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (placed.has(t) || path.has(t)) return;
    path.add(t);
    for (const d of deps) if (d.child === t) visit(d.parent, path);
    placed.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function primaryKeyOrder(db: Db, table: string): Promise<ReturnType<typeof sql>> {
  const cols = await rows<{ col: string }>(
    db,
    sql`select a.attname as col from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = to_regclass(${`public.${table}`}) and i.indisprimary order by a.attnum`,
  );
  // no primary key: the whole row's text, which is at least a total order
  return cols.length
    ? sql.join(
        cols.map((c) => ident(c.col)),
        sql`, `,
      )
    : sql`t::text`;
}

/** Count and checksum of one table, rows in their text form (the session's time zone set to UTC). */
export async function checkTable(db: DbOrTx, table: string): Promise<TableCheck> {
  const [r] = await rows<{ n: string; s: string }>(
    db,
    sql`select count(*)::text as n,
        coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)::text as s
        from ${ident(table)} t`,
  );
  return { table, rows: Number(r!.n), checksum: r!.s };
}

/** Whether PostgreSQL holds any of the platform's rows (a target must be empty). */
async function holdsRows(db: Db, tables: string[]): Promise<string | null> {
  for (const t of tables) if ((await rows(db, sql`select 1 from ${ident(t)} limit 1`)).length) return t;
  return null;
}

export interface MoveReport {
  tables: TableCheck[];
  mismatched: { table: string; source: TableCheck; target: TableCheck }[];
}

/**
 * Copies `source` (the embedded database, migrated to this version) into `target` (PostgreSQL, migrated to
 * this version, no rows), then checks both. `progress` hears each table as it is done.
 */
export async function moveToPostgres(
  source: Database,
  target: Database,
  progress: (table: string, rowsCopied: number) => void = () => {},
): Promise<MoveReport> {
  const order = await tablesInLoadOrder(source.db);
  const full = await holdsRows(target.db, order);
  if (full) throw new Error(`the PostgreSQL database is not empty (table ${full} has rows): give an empty database`);
  await source.db.execute(sql`set timezone = 'UTC'`);
  await target.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await withoutCountTriggers(tx, async () => {
      for (const table of order) progress(table, await copyTable(source.db, tx, table));
    });
    const seqs = await rows<{ name: string }>(
      source.db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S'`,
    );
    for (const { name } of seqs) {
      const [s] = await rows<{ last_value: string; is_called: boolean }>(
        source.db,
        sql`select last_value::text, is_called from ${ident(name)}`,
      );
      await tx.execute(sql`select setval(${`public.${name}`}::regclass, ${s!.last_value}::bigint, ${s!.is_called})`);
    }
  });
  return compareDatabases(source, target);
}

/**
 * The statistics counts' triggers would count every copied row one by one: they wait, and the counts are
 * rebuilt once from the copied rows, in the zone the target's counts keep (docs/decisions.md, issue 39).
 */
async function withoutCountTriggers(tx: DbOrTx, copy: () => Promise<void>) {
  await tx.execute(sql`alter table study disable trigger user`);
  await tx.execute(sql`alter table report disable trigger user`);
  await copy();
  await tx.execute(sql`alter table study enable trigger user`);
  await tx.execute(sql`alter table report enable trigger user`);
  await tx.execute(sql`select stat_rollup_rebuild(stat_zone())`);
}

/** Every table of the platform compared on both sides: rows and checksum. */
export async function compareDatabases(source: Database, target: Database): Promise<MoveReport> {
  await source.db.execute(sql`set timezone = 'UTC'`);
  await target.db.execute(sql`set timezone = 'UTC'`);
  const tables: TableCheck[] = [];
  const mismatched: MoveReport['mismatched'] = [];
  for (const table of await tablesInLoadOrder(source.db)) {
    const [a, b] = [await checkTable(source.db, table), await checkTable(target.db, table)];
    tables.push(a);
    if (a.rows !== b.rows || a.checksum !== b.checksum) mismatched.push({ table, source: a, target: b });
  }
  return { tables, mismatched };
}

/** One table, BATCH rows at a time through a cursor, each row as its text and read back as the row type. */
async function copyTable(source: Db, target: DbOrTx, table: string): Promise<number> {
  const order = await primaryKeyOrder(source, table);
  let copied = 0;
  await source.transaction(async (stx) => {
    await stx.execute(
      sql`declare rx_move no scroll cursor for select t::text as r from ${ident(table)} t order by ${order}`,
    );
    for (;;) {
      const batch = (await rows<{ r: string }>(stx, sql`fetch ${sql.raw(String(BATCH))} from rx_move`)).map((x) => x.r);
      if (!batch.length) break;
      await target.execute(
        sql`insert into ${ident(table)} select (x::${ident(table)}).* from unnest(${sql.param(batch)}::text[]) as x`,
      );
      copied += batch.length;
    }
    await stx.execute(sql`close rx_move`);
  });
  return copied;
}
