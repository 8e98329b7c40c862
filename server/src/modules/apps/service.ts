import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppCredentials, AppEditSchema, AppSaveSchema } from '@shared/schemas/apps';
import type { Locale } from '@shared/constants';
import type { Db, Tx } from '../../platform/db/client';
import { hospital, sysApp } from '../../platform/db/schema';
import type { Caller } from '../../platform/http/caller';
import { sha256Hex } from '../../platform/core/crypto';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/conflict';
import { newClientId, newClientSecret } from './credentials';

type AppRecord = typeof sysApp.$inferSelect;
type AppSaveInput = z.output<typeof AppSaveSchema>;
type AppEditInput = z.output<typeof AppEditSchema>;

function nameTaken(locale: Locale, name: string): AppError {
  const e = new AppError(409, 'CONFLICT', 'appNameTaken', { name });
  e.errors = [{ field: 'app_name', msg: translate(locale, 'appNameTaken', { name }) }];
  return e;
}

async function refuseTakenName(tx: Tx, who: Caller, name: string, pk?: number) {
  const taken = await tx.$count(sysApp, and(eq(sysApp.app_name, name), pk ? ne(sysApp.pk, pk) : undefined));
  if (Number(taken)) throw nameTaken(who.locale, name);
}

async function lockedApp(tx: Tx, pk: number): Promise<AppRecord> {
  const [row] = await tx.select().from(sysApp).where(eq(sysApp.pk, pk)).for('update');
  if (!row) throw notFound();
  return row;
}

/** The hospital an app orders for: '' (none) or an existing hospital (400 naming the field otherwise). */
async function orderHospital(tx: Tx, who: Caller, code: string): Promise<string> {
  if (!code) return '';
  const [known] = await tx.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code));
  if (!known) {
    throw AppError.validation('validation', [
      { field: 'order_hospital_code', msg: translate(who.locale, 'orgNoHospital') },
    ]);
  }
  return code;
}

/** The audit row's view of an app: the secret's hash is left out by auditChange (its name says hash). */
const audited = (r: AppRecord) => r as unknown as Record<string, unknown>;

async function withNameCheck<T>(who: Caller, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(who.locale, name);
    throw err;
  }
}

/** A new app with a new client id and secret; the secret is answered here once and kept hashed. */
export async function createApp(db: Db, who: Caller, v: AppSaveInput): Promise<AppCredentials> {
  return withNameCheck(who, v.app_name, () =>
    db.transaction(async (tx) => {
      await refuseTakenName(tx, who, v.app_name);
      const order_hospital_code = await orderHospital(tx, who, v.order_hospital_code);
      const client_secret = newClientSecret();
      const [after] = await tx
        .insert(sysApp)
        .values({
          ...v,
          order_hospital_code,
          client_id: newClientId(),
          client_secret_hash: sha256Hex(client_secret),
          create_name: who.me.username,
          update_name: who.me.username,
        })
        .returning();
      await auditChange(tx, who.me, {
        action: 'app.create',
        target: `sys_app:${after!.pk}`,
        after: audited(after!),
        ip: who.ip,
      });
      return { pk: after!.pk, client_id: after!.client_id, client_secret };
    }),
  );
}

export async function editApp(db: Db, who: Caller, v: AppEditInput): Promise<void> {
  await withNameCheck(who, v.app_name, () =>
    db.transaction(async (tx) => {
      const before = await lockedApp(tx, v.pk);
      await refuseTakenName(tx, who, v.app_name, v.pk);
      const { pk, ...fields } = v;
      const order_hospital_code = await orderHospital(tx, who, v.order_hospital_code);
      const [after] = await tx
        .update(sysApp)
        .set({ ...fields, order_hospital_code, update_name: who.me.username, update_time: new Date() })
        .where(eq(sysApp.pk, pk))
        .returning();
      await auditChange(tx, who.me, {
        action: 'app.update',
        target: `sys_app:${pk}`,
        before: audited(before),
        after: audited(after!),
        ip: who.ip,
      });
    }),
  );
}

/** Deleting an app ends its codes and tokens with it (foreign keys cascade). */
export async function deleteApp(db: Db, who: Caller, pk: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedApp(tx, pk);
    await tx.delete(sysApp).where(eq(sysApp.pk, pk));
    await auditChange(tx, who.me, {
      action: 'app.delete',
      target: `sys_app:${pk}`,
      before: audited(before),
      after: null,
      ip: who.ip,
    });
  });
}

/** A new secret, answered once; the old one stops working at once. */
export async function resetAppSecret(db: Db, who: Caller, pk: number): Promise<AppCredentials> {
  return db.transaction(async (tx) => {
    const before = await lockedApp(tx, pk);
    const client_secret = newClientSecret();
    const [after] = await tx
      .update(sysApp)
      .set({ client_secret_hash: sha256Hex(client_secret), update_name: who.me.username, update_time: new Date() })
      .where(eq(sysApp.pk, pk))
      .returning();
    await auditChange(tx, who.me, {
      action: 'app.reset_secret',
      target: `sys_app:${pk}`,
      before: audited(before),
      after: audited(after!),
      ip: who.ip,
    });
    return { pk, client_id: before.client_id, client_secret };
  });
}
