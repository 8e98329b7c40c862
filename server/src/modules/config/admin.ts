import { randomBytes } from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import {
  configKindOf,
  configValueSchema,
  isKnownConfig,
  isSecretConfig,
  SECRET_MASK,
  type ConfigKind,
} from '@shared/config-kinds';
import type { Locale } from '@shared/constants';
import type { ConfigRow, ConfigSaveSchema, ConfigUpdateSchema } from '@shared/schemas/admin-config';
import type { z } from 'zod';
import type { Caller } from '../../platform/http/caller';
import type { Db, DbOrTx } from '../../platform/db/client';
import { sysConfig } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import { assertConfigInScope } from './scope';

type ConfigDbRow = typeof sysConfig.$inferSelect;

export const toConfigRow = (r: ConfigDbRow): ConfigRow => ({
  pk: r.pk,
  name: r.name,
  value: isSecretConfig(r.name) ? SECRET_MASK : r.value,
  description: r.description,
  type: r.type,
  status: r.status,
  builtin: isKnownConfig(r.name),
  secret: isSecretConfig(r.name),
});

/** The row as the audit log keeps it: a secret entry's value never goes in. */
const auditRow = (r: ConfigDbRow | undefined) =>
  r ? { ...r, value: isSecretConfig(r.name) ? SECRET_MASK : r.value } : null;

const bad = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);

function allowed(kind: ConfigKind, locale: Locale): string {
  switch (kind.kind) {
    case 'yesno':
      return 'Y, N';
    case 'integer':
      return `${kind.min}-${kind.max}`;
    case 'url':
      return translate(locale, 'configUrl');
    case 'enum':
      return kind.values.map((v) => v || "''").join(', ');
    case 'colour':
      return '#rrggbb';
    case 'version':
      return translate(locale, 'configVersion');
    case 'text':
    case 'secret':
      return `≤ ${kind.kind === 'text' ? kind.max : 256}`;
  }
}

/** The value as stored, if it fits the entry's kind; otherwise 400 naming `value` and what is allowed. */
export function checkValue(name: string, value: string, locale: Locale): string {
  const kind = configKindOf(name);
  const r = configValueSchema(kind).safeParse(value);
  if (!r.success) throw bad('value', translate(locale, 'configAllowed', { allowed: allowed(kind, locale) }));
  return r.data;
}

export async function createConfig(db: Db, caller: Caller, input: z.output<typeof ConfigSaveSchema>) {
  assertConfigInScope(caller.me, input.name, 'create');
  const value = checkValue(input.name, input.value, caller.locale);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sysConfig)
      .values({ ...input, value })
      .onConflictDoNothing()
      .returning();
    if (!row) throw bad('name', translate(caller.locale, 'configExists', { name: input.name }));
    await auditChange(tx, caller.me, {
      action: 'config_create',
      target: `sys_config:${row.name}`,
      after: auditRow(row),
      ip: caller.ip,
    });
    return toConfigRow(row);
  });
}

async function lockedRow(tx: DbOrTx, by: { pk?: number | undefined; name?: string | undefined }) {
  const where: SQL[] = [];
  if (by.pk !== undefined) where.push(eq(sysConfig.pk, by.pk));
  if (by.name !== undefined) where.push(eq(sysConfig.name, by.name));
  const [row] = await tx
    .select()
    .from(sysConfig)
    .where(and(...where))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Changes an entry's value, description, type or status. aes_key's value is not changed here (see
 * rotateAesKey) and it cannot be disabled; another built-in entry may be disabled, which makes its
 * built-in default apply (getConfigs).
 */
export async function updateConfig(db: Db, caller: Caller, input: z.output<typeof ConfigUpdateSchema>) {
  const { locale } = caller;
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, input);
    assertConfigInScope(caller.me, before.name, 'change');
    const kind = configKindOf(before.name).kind;
    const set: Partial<ConfigDbRow> = {};
    if (input.value !== undefined) {
      if (kind === 'secret') throw bad('value', translate(locale, 'configSecretHere'));
      set.value = checkValue(before.name, input.value, locale);
    }
    if (input.status !== undefined) {
      if (input.status === 0 && kind === 'secret') throw bad('status', translate(locale, 'configNoDisable'));
      set.status = input.status;
    }
    if (input.description !== undefined) set.description = input.description;
    if (input.type !== undefined && input.type !== before.type) {
      // a built-in entry's type groups it for the platform (/config/findType): not the administrator's to change
      if (isKnownConfig(before.name)) throw bad('type', translate(locale, 'configBuiltinType'));
      set.type = input.type;
    }
    // nothing changes (the type as it was): nothing written, nothing audited
    if (!Object.keys(set).length) return toConfigRow(before);
    const [after] = await tx.update(sysConfig).set(set).where(eq(sysConfig.pk, before.pk)).returning();
    await auditChange(tx, caller.me, {
      action: 'config_update',
      target: `sys_config:${before.name}`,
      before: auditRow(before),
      after: auditRow(after),
      ip: caller.ip,
    });
    return toConfigRow(after!);
  });
}

/** Deletes an entry an administrator added; the platform's own entries stay (409). */
export async function deleteConfig(db: Db, caller: Caller, pk: number): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, { pk });
    assertConfigInScope(caller.me, before.name, 'change');
    if (isKnownConfig(before.name)) throw new AppError(409, 'CONFLICT', 'configBuiltin');
    await tx.delete(sysConfig).where(eq(sysConfig.pk, pk));
    await auditChange(tx, caller.me, {
      action: 'config_delete',
      target: `sys_config:${before.name}`,
      before: auditRow(before),
      ip: caller.ip,
    });
    return 1;
  });
}

/**
 * A new login-form key, generated here and never shown: the deliberate way to change aes_key. Sign-in
 * forms already open hold the old key and must reload.
 */
export async function rotateAesKey(db: Db, caller: Caller): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedRow(tx, { name: 'aes_key' });
    await tx
      .update(sysConfig)
      .set({ value: randomBytes(32).toString('base64') })
      .where(eq(sysConfig.pk, before.pk));
    await auditChange(tx, caller.me, {
      action: 'config_rotate_key',
      target: 'sys_config:aes_key',
      before: auditRow(before),
      after: auditRow(before),
      ip: caller.ip,
    });
  });
}

/** Active entries a signed-in caller may read: every one but the secret ones. */
export async function readableConfigs(db: Db, where?: SQL) {
  const rows = await db
    .select()
    .from(sysConfig)
    .where(and(eq(sysConfig.status, 1), where))
    .orderBy(asc(sysConfig.name));
  return rows.filter((r) => !isSecretConfig(r.name));
}
