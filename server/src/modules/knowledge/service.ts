import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { KnowledgeNode, KnowledgeSaveSchema, KnowledgeScope } from '@shared/schemas/knowledge';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { knowledgeNode } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';

type Row = typeof knowledgeNode.$inferSelect;

/** Which nodes a scope covers for this user; null when the user has no such tree (no region, no hospital). */
function scopeWhere(me: AuthUser, scope: KnowledgeScope): SQL | null {
  switch (scope) {
    case 'user':
      return and(eq(knowledgeNode.type, 'user'), eq(knowledgeNode.uuid, me.uuid))!;
    case 'public':
      return and(
        eq(knowledgeNode.type, 'public'),
        eq(knowledgeNode.hospital_code, ''),
        isNull(knowledgeNode.region_pk),
      )!;
    case 'hospital':
      return me.hospital_code
        ? and(eq(knowledgeNode.type, 'public'), eq(knowledgeNode.hospital_code, me.hospital_code))!
        : null;
    case 'group': {
      const region = Number(me.region);
      return Number.isInteger(region) && region > 0
        ? and(eq(knowledgeNode.type, 'public'), eq(knowledgeNode.region_pk, region))!
        : null;
    }
  }
}

const toNode = (r: Row): KnowledgeNode => ({
  pk: r.pk,
  parent: r.parent,
  label: r.label,
  isleaf: r.isleaf,
  ishtml: r.ishtml,
  type: r.type,
  sj: r.sj,
  yj: r.yj,
  modality: r.modality,
  used: r.used,
});

function buildTree(rows: Row[]): KnowledgeNode[] {
  const nodes = new Map(rows.map((r) => [r.pk, { ...toNode(r), children: [] as KnowledgeNode[] }]));
  const roots: KnowledgeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parent === null ? undefined : nodes.get(n.parent);
    (parent ? parent.children : roots).push(n);
  }
  for (const n of nodes.values()) if (n.isleaf || !n.children.length) delete (n as { children?: unknown }).children;
  return roots;
}

/** Leaves of other modalities are left out; folders stay so the tree keeps its shape. */
export async function knowledgeTree(db: Db, me: AuthUser, scope: KnowledgeScope, modality?: string) {
  const where = scopeWhere(me, scope);
  if (!where) return [];
  const modalityOk = modality
    ? or(eq(knowledgeNode.isleaf, false), eq(knowledgeNode.modality, ''), eq(knowledgeNode.modality, modality))
    : undefined;
  const rows = await db
    .select()
    .from(knowledgeNode)
    .where(and(where, modalityOk))
    .orderBy(knowledgeNode.sort, knowledgeNode.pk);
  return buildTree(rows);
}

export async function mostUsed(db: Db, me: AuthUser, scope: KnowledgeScope, modality?: string) {
  const where = scopeWhere(me, scope);
  if (!where) return [];
  const rows = await db
    .select()
    .from(knowledgeNode)
    .where(
      and(
        where,
        eq(knowledgeNode.isleaf, true),
        sql`${knowledgeNode.used} > 0`,
        modality ? eq(knowledgeNode.modality, modality) : undefined,
      ),
    )
    .orderBy(desc(knowledgeNode.used), knowledgeNode.pk)
    .limit(20);
  return rows.map(toNode);
}

async function ownNode(db: Db, me: AuthUser, pk: number): Promise<Row> {
  const [row] = await db.select().from(knowledgeNode).where(eq(knowledgeNode.pk, pk));
  if (!row) throw notFound();
  if (row.type !== 'user' || row.uuid !== me.uuid) throw forbidden();
  return row;
}

/** The user's own tree: a template must sit in one of their folders; folders may sit at the top. */
export async function saveKnowledge(
  db: Db,
  me: AuthUser,
  input: z.output<typeof KnowledgeSaveSchema>,
): Promise<KnowledgeNode> {
  if (input.parent !== null) {
    const parent = await ownNode(db, me, input.parent);
    if (parent.isleaf) throw AppError.validation('kFolderNeeded', [{ field: 'parent', msg: 'folder' }]);
  } else if (input.isleaf) {
    throw AppError.validation('kFolderNeeded', [{ field: 'parent', msg: 'folder' }]);
  }
  const values = {
    parent: input.parent,
    label: input.label,
    isleaf: input.isleaf,
    sj: input.isleaf ? input.sj : '',
    yj: input.isleaf ? input.yj : '',
    modality: input.modality ?? '',
  };
  if (input.pk) {
    const current = await ownNode(db, me, input.pk);
    if (current.isleaf !== input.isleaf) throw AppError.validation('validation', [{ field: 'isleaf', msg: 'isleaf' }]);
    if (input.parent === input.pk) throw AppError.validation('validation', [{ field: 'parent', msg: 'parent' }]);
    const [row] = await db.update(knowledgeNode).set(values).where(eq(knowledgeNode.pk, input.pk)).returning();
    return toNode(row!);
  }
  const [row] = await db
    .insert(knowledgeNode)
    .values({ ...values, type: 'user', uuid: me.uuid, hospital_code: me.hospital_code })
    .returning();
  return toNode(row!);
}

export async function deleteKnowledge(db: Db, me: AuthUser, pk: number): Promise<void> {
  const row = await ownNode(db, me, pk);
  if (!row.isleaf) {
    const [{ n }] = (await db.select({ n: count() }).from(knowledgeNode).where(eq(knowledgeNode.parent, pk))) as [
      { n: number },
    ];
    if (Number(n) > 0) throw new AppError(409, 'CONFLICT', 'kFolderNotEmpty');
  }
  await db.delete(knowledgeNode).where(eq(knowledgeNode.pk, pk));
}

/** A template was applied: count it (any tree the user can see). */
export async function useKnowledge(db: Db, me: AuthUser, pk: number): Promise<void> {
  const visible = (['user', 'public', 'hospital', 'group'] as const)
    .map((s) => scopeWhere(me, s))
    .filter((w): w is SQL => !!w);
  const [row] = await db
    .update(knowledgeNode)
    .set({ used: sql`${knowledgeNode.used} + 1` })
    .where(and(eq(knowledgeNode.pk, pk), eq(knowledgeNode.isleaf, true), or(...visible)))
    .returning({ pk: knowledgeNode.pk });
  if (!row) throw notFound();
}
