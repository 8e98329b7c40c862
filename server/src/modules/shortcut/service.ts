import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Shortcut, ShortcutSaveSchema } from '@shared/schemas/admin-config';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { scanItem, shortcut } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import type { Caller } from '../../platform/http/caller';
import { scanItemReadScope, scanItemsByIds } from '../scanp';

type ShortcutRow = typeof shortcut.$inferSelect;

async function withItems(db: Db, me: AuthUser, r: ShortcutRow): Promise<Shortcut> {
  const items = (await scanItemsByIds(db, me, r.scanp_ids)).filter((i) => i.modality === r.modality);
  return { modality: r.modality, scanp_ids: r.scanp_ids, items, update_time: r.update_time.toISOString() };
}

/**
 * Sets the caller's quick list for a modality (replacing it; empty clears it). Every id must be an item of
 * that modality the caller may pick, else 400 and nothing written.
 */
export async function saveShortcut(db: Db, caller: Caller, input: z.output<typeof ShortcutSaveSchema>) {
  const { me } = caller;
  const { modality, scanp_ids } = input;
  if (scanp_ids.length) {
    const found = await db
      .select({ id: scanItem.scanp_id })
      .from(scanItem)
      .where(and(inArray(scanItem.scanp_id, scanp_ids), eq(scanItem.modality, modality), scanItemReadScope(me)));
    if (found.length !== scanp_ids.length) {
      throw AppError.validation('validation', [{ field: 'scanp_ids', msg: translate(caller.locale, 'shortcutItems') }]);
    }
  }
  const row = await db.transaction(async (tx) => {
    const mine = and(eq(shortcut.user_pk, me.pk), eq(shortcut.modality, modality));
    const [before] = await tx.select().from(shortcut).where(mine).for('update');
    const [after] = await tx
      .insert(shortcut)
      .values({ user_pk: me.pk, modality, scanp_ids, update_time: new Date() })
      .onConflictDoUpdate({
        target: [shortcut.user_pk, shortcut.modality],
        set: { scanp_ids, update_time: new Date() },
      })
      .returning();
    await auditChange(tx, me, {
      action: 'shortcut_save',
      target: `shortcut:${after!.pk}`,
      before: before ?? null,
      after: after ?? null,
      ip: caller.ip,
    });
    return after!;
  });
  return withItems(db, me, row);
}

/** The caller's shortcuts (one modality or all), with the items still in their reach. */
export async function findShortcuts(db: Db, me: AuthUser, modality?: string): Promise<Shortcut[]> {
  const rows = await db
    .select()
    .from(shortcut)
    .where(and(eq(shortcut.user_pk, me.pk), modality ? eq(shortcut.modality, modality) : undefined))
    .orderBy(asc(shortcut.modality));
  return Promise.all(rows.map((r) => withItems(db, me, r)));
}
