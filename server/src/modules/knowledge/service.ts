import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { KnowledgeNode, KnowledgeSaveSchema, KnowledgeScope } from '@shared/schemas/knowledge';
import type { AuthUser } from '../../platform/core/auth-user';
import { PERMISSIONS } from '@shared/permissions';
import type { Db, DbOrTx } from '../../platform/db/client';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import { knowledgeNode } from '../../platform/db/schema';
import { AppError, forbidden, notFound } from '../../platform/core/errors';

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
  sort: r.sort,
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

/** Which tree a stored node is in, from its columns. */
function scopeOfRow(r: Row): KnowledgeScope {
  if (r.type === 'user') return 'user';
  if (r.region_pk !== null) return 'group';
  return r.hospital_code ? 'hospital' : 'public';
}

interface EditableTree {
  scope: KnowledgeScope;
  where: SQL;
  /** The columns a new node of this tree gets. */
  values: Pick<typeof knowledgeNode.$inferInsert, 'type' | 'uuid' | 'hospital_code' | 'region_pk'>;
}

/**
 * The tree of `scope` this user may change (the spec leaves public editing open; docs/decisions.md):
 * their own (patorder:saveTemp, the route's guard); their hospital's or their region's with point:edit too;
 * the installation's public tree the super administrator only. Anything else: 403.
 */
function editableTree(me: AuthUser, scope: KnowledgeScope): EditableTree {
  const shared = me.isSuper || me.perms.has(PERMISSIONS.POINT_EDIT);
  const where = scopeWhere(me, scope);
  const refuse = () => forbidden('kSharedEdit');
  switch (scope) {
    case 'user':
      return { scope, where: where!, values: { type: 'user', uuid: me.uuid, hospital_code: me.hospital_code } };
    case 'public':
      if (!me.isSuper) throw refuse();
      return { scope, where: where!, values: { type: 'public', uuid: '', hospital_code: '', region_pk: null } };
    case 'hospital':
      if (!shared || !where) throw refuse();
      return { scope, where, values: { type: 'public', uuid: '', hospital_code: me.hospital_code, region_pk: null } };
    case 'group':
      if (!shared || !where) throw refuse();
      return { scope, where, values: { type: 'public', uuid: '', hospital_code: '', region_pk: Number(me.region) } };
  }
}

async function nodeIn(db: DbOrTx, tree: EditableTree, pk: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(knowledgeNode)
    .where(and(eq(knowledgeNode.pk, pk), tree.where))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** True when `pk` is `folder` or one of its ancestors: moving `pk` under `folder` would make a cycle. */
async function isAtOrAbove(db: DbOrTx, pk: number, folder: number): Promise<boolean> {
  let at: number | null = folder;
  for (let depth = 0; at !== null && depth < 1000; depth++) {
    if (at === pk) return true;
    const [row]: { parent: number | null }[] = await db
      .select({ parent: knowledgeNode.parent })
      .from(knowledgeNode)
      .where(eq(knowledgeNode.pk, at));
    at = row?.parent ?? null;
  }
  return false;
}

const auditable = (r: Row) => ({
  label: r.label,
  parent: r.parent,
  isleaf: r.isleaf,
  modality: r.modality,
  sort: r.sort,
});

/**
 * Creates or changes a folder or template of one tree (`scope`, default the user's own): a template must
 * sit in a folder of the same tree, folders may sit at the top; moving never puts a folder inside itself;
 * usage counts stay with the node. Changes to shared trees are in the audit trail.
 */
export async function saveKnowledge(
  db: Db,
  caller: Caller,
  input: z.output<typeof KnowledgeSaveSchema>,
): Promise<KnowledgeNode> {
  const { me } = caller;
  const tree = editableTree(me, input.scope);
  const folderNeeded = () => AppError.validation('kFolderNeeded', [{ field: 'parent', msg: 'folder' }]);
  return db.transaction(async (tx) => {
    if (input.parent !== null) {
      if ((await nodeIn(tx, tree, input.parent)).isleaf) throw folderNeeded();
    } else if (input.isleaf) {
      throw folderNeeded();
    }
    const values = {
      parent: input.parent,
      label: input.label,
      isleaf: input.isleaf,
      sj: input.isleaf ? input.sj : '',
      yj: input.isleaf ? input.yj : '',
      modality: input.modality ?? '',
      ...(input.sort === undefined ? {} : { sort: input.sort }),
    };
    let before: Row | undefined;
    let row: Row | undefined;
    if (input.pk) {
      before = await nodeIn(tx, tree, input.pk);
      if (before.isleaf !== input.isleaf) throw AppError.validation('validation', [{ field: 'isleaf', msg: 'isleaf' }]);
      if (input.parent !== null && (await isAtOrAbove(tx, input.pk, input.parent))) {
        throw AppError.validation('kMoveIntoItself', [{ field: 'parent', msg: 'parent' }]);
      }
      [row] = await tx.update(knowledgeNode).set(values).where(eq(knowledgeNode.pk, input.pk)).returning();
    } else {
      [row] = await tx
        .insert(knowledgeNode)
        .values({ ...values, ...tree.values })
        .returning();
    }
    if (tree.scope !== 'user') {
      await auditChange(tx, me, {
        action: before ? 'knowledge_update' : 'knowledge_create',
        target: `knowledge_node:${row!.pk}`,
        before: before ? auditable(before) : null,
        after: { ...auditable(row!), scope: tree.scope },
        ip: caller.ip,
      });
    }
    return toNode(row!);
  });
}

/** Deletes a template, or a folder with nothing in it, of a tree the user may change. */
export async function deleteKnowledge(db: Db, caller: Caller, pk: number): Promise<void> {
  const { me } = caller;
  const [found] = await db.select().from(knowledgeNode).where(eq(knowledgeNode.pk, pk));
  if (!found) throw notFound();
  const tree = editableTree(me, scopeOfRow(found));
  await db.transaction(async (tx) => {
    const row = await nodeIn(tx, tree, pk);
    if (!row.isleaf) {
      const [{ n }] = (await tx.select({ n: count() }).from(knowledgeNode).where(eq(knowledgeNode.parent, pk))) as [
        { n: number },
      ];
      if (Number(n) > 0) throw new AppError(409, 'CONFLICT', 'kFolderNotEmpty');
    }
    await tx.delete(knowledgeNode).where(eq(knowledgeNode.pk, pk));
    if (tree.scope !== 'user') {
      await auditChange(tx, me, {
        action: 'knowledge_delete',
        target: `knowledge_node:${pk}`,
        before: { ...auditable(row), scope: tree.scope },
        ip: caller.ip,
      });
    }
  });
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
