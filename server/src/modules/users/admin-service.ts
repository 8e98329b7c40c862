import { and, eq, ne } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { UserSaveInput } from '@shared/schemas/admin-user';
import { REG_STATE } from '@shared/schemas/registration';
import type { AppDeps } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { sysUser } from '../../platform/db/schema';
import { hashPassword } from '../../platform/core/crypto';
import type { SessionEndReason } from '../../platform/realtime/types';
import { auditChange } from '../../platform/audit';
import { revokeUserSessions } from '../auth';
import { assertAssignable } from '../role';
import type { Caller } from '../../platform/http/caller';
import { assertNotLastSuper, assertNotSelf, hospitalFor, managedUser, type UserRecord } from './admin-scope';
import { isUniqueViolation } from '../../platform/conflict';
import { fieldError } from '../../platform/http/field-error';
import { assertPasswordPolicy, oneTimePassword } from './password-policy';

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

async function assertUsernameFree(tx: DbOrTx, c: Caller, username: string, pk?: number): Promise<void> {
  const [taken] = await tx
    .select({ pk: sysUser.pk })
    .from(sysUser)
    .where(and(eq(sysUser.username, username), pk === undefined ? undefined : ne(sysUser.pk, pk)))
    .limit(1);
  if (taken) throw fieldError(c.locale, 'username', 'userExists');
}

/**
 * A self-registration that confirmed its mail (reg_state 2) and is now given a hospital and a role is
 * approved: it becomes a regular, active account (docs/registration.md).
 */
function registrationApproval(before: UserRecord, values: { hospital_code: string; role_pk: number }) {
  if (before.reg_state !== REG_STATE.awaitingAssignment || !values.hospital_code) return {};
  return { reg_state: REG_STATE.none, status: 1 };
}

interface Outcome<T> {
  result: T;
  /** The user whose sessions ended, and why. */
  ended?: [number, SessionEndReason];
  /** The user whose role, hospital or details changed while they may be signed in. */
  changed?: number;
}

/** Runs the change; once it is committed, tells the user's open tabs (their session ended, or their access changed). */
async function thenTellTabs<T>(deps: Deps, work: () => Promise<Outcome<T>>) {
  const { result, ended, changed } = await work();
  if (ended) deps.realtime.sessionsEnded(...ended);
  if (changed !== undefined) await deps.realtime.accessChanged({ user_pks: [changed] });
  return result;
}

/**
 * data2 within the caller's own: an administrator limited to some modalities gives only those, and never none (which
 * would mean every one); a user they create without a list gets theirs. Unlimited callers give any list.
 */
function modalitiesFor(c: Caller, data2: string[] | undefined, creating: boolean): string[] | undefined {
  const own = c.me.modalities;
  if (!own.length) return data2;
  const list = data2 ?? (creating ? own : undefined);
  if (list && (!list.length || list.some((m) => !own.includes(m)))) {
    throw fieldError(c.locale, 'data2', 'userModalitiesBeyond', { list: own.join(', ') });
  }
  return list;
}

/** POST /user/save: create (no pk; password by the configured policy) or edit (no password). */
export async function saveUser(deps: Deps, c: Caller, input: UserSaveInput): Promise<{ pk: number }> {
  const { pk, password, data2: asked, ...rest } = input;
  const data2 = modalitiesFor(c, asked, pk === undefined);
  const fields = { ...rest, ...(data2 ? { data2 } : {}) };
  if (pk === undefined && !password) throw fieldError(c.locale, 'password', 'userPasswordRequired');
  if (pk !== undefined && password !== undefined) throw fieldError(c.locale, 'password', 'userPasswordOnCreate');
  if (password) await assertPasswordPolicy(deps.db, c.locale, password);
  const hash = password ? await hashPassword(password) : '';

  try {
    return await thenTellTabs(deps, () =>
      deps.db.transaction(async (tx) => {
        const before = pk === undefined ? null : await managedUser(tx, c.me, pk);
        const values = { ...fields, hospital_code: await hospitalFor(tx, c, fields.hospital_code) };
        if (!before || before.role_pk !== values.role_pk || before.hospital_code !== values.hospital_code) {
          await assertAssignable(tx, c.me, values.role_pk, values.hospital_code, c.locale);
        }
        await assertUsernameFree(tx, c, values.username, pk);
        if (!before) {
          const [created] = await tx
            .insert(sysUser)
            .values({ ...values, password_hash: hash })
            .returning();
          await auditChange(tx, c.me, {
            action: 'user_create',
            target: `sys_user:${created!.pk}`,
            after: created,
            ip: c.ip,
          });
          return { result: { pk: created!.pk } };
        }
        const disabling = before.status === 1 && values.status !== 1;
        if (disabling) assertNotSelf(c.me, before);
        if (disabling || (before.role_pk === SUPER_ADMIN_ROLE_PK && values.role_pk !== SUPER_ADMIN_ROLE_PK)) {
          await assertNotLastSuper(tx, before);
        }
        const [after] = await tx
          .update(sysUser)
          .set({ ...values, ...registrationApproval(before, values) })
          .where(eq(sysUser.pk, before.pk))
          .returning();
        if (disabling) await revokeUserSessions(tx, before.pk);
        await auditChange(tx, c.me, {
          action: 'user_update',
          target: `sys_user:${before.pk}`,
          before,
          after,
          ip: c.ip,
        });
        return {
          result: { pk: before.pk },
          ...(disabling ? { ended: [before.pk, 'locked'] as const } : { changed: before.pk }),
        };
      }),
    );
  } catch (err) {
    // The check above names the field; the unique index catches two saves of one username at the same instant.
    throw isUniqueViolation(err) ? fieldError(c.locale, 'username', 'userExists') : err;
  }
}

/** POST /user/lock: lock (status 0, sessions end at once) or unlock (status 1, failed-sign-in lock cleared). */
export async function lockUser(deps: Deps, c: Caller, pk: number, lock: boolean): Promise<void> {
  await thenTellTabs(deps, () =>
    deps.db.transaction(async (tx) => {
      const before = await managedUser(tx, c.me, pk, lock ? 'lock' : 'manage');
      if (lock) {
        assertNotSelf(c.me, before);
        await assertNotLastSuper(tx, before);
      }
      const set = lock ? { status: 0 } : { status: 1, lock_num: 0, locked_until: null };
      const [after] = await tx.update(sysUser).set(set).where(eq(sysUser.pk, pk)).returning();
      if (lock) await revokeUserSessions(tx, pk);
      const action = lock ? 'user_lock' : 'user_unlock';
      await auditChange(tx, c.me, { action, target: `sys_user:${pk}`, before, after, ip: c.ip });
      return { result: undefined, ...(lock ? { ended: [pk, 'locked'] as const } : {}) };
    }),
  );
}

/**
 * POST /user/resetPassword: a one-time password the user must change at the next sign-in; their sessions
 * end at once and the failed-sign-in lock is cleared. The password is answered once and stored only hashed.
 */
export async function resetPassword(deps: Deps, c: Caller, pk: number): Promise<{ password: string }> {
  const password = oneTimePassword();
  const hash = await hashPassword(password);
  return thenTellTabs(deps, () =>
    deps.db.transaction(async (tx) => {
      const before = await managedUser(tx, c.me, pk);
      assertNotSelf(c.me, before);
      const [after] = await tx
        .update(sysUser)
        .set({
          password_hash: hash,
          must_change_password: 1,
          update_password_time: new Date(),
          lock_num: 0,
          locked_until: null,
        })
        .where(eq(sysUser.pk, pk))
        .returning();
      await revokeUserSessions(tx, pk);
      await auditChange(tx, c.me, { action: 'user_reset_password', target: `sys_user:${pk}`, before, after, ip: c.ip });
      return { result: { password }, ended: [pk, 'password_reset'] as const };
    }),
  );
}

/** POST /user/delete: the user and (by cascade) their sessions, favourites and settings go. */
export async function deleteUser(deps: Deps, c: Caller, pk: number): Promise<void> {
  await thenTellTabs(deps, () =>
    deps.db.transaction(async (tx) => {
      const before = await managedUser(tx, c.me, pk);
      assertNotSelf(c.me, before);
      await assertNotLastSuper(tx, before);
      await revokeUserSessions(tx, pk);
      await tx.delete(sysUser).where(eq(sysUser.pk, pk));
      await auditChange(tx, c.me, { action: 'user_delete', target: `sys_user:${pk}`, before, after: null, ip: c.ip });
      return { result: undefined, ended: [pk, 'deleted'] as const };
    }),
  );
}
