/** The fan-out channel of access changes: every process tells its own sockets of the users concerned. */
export const ACCESS_CHANNEL = 'access';

/**
 * Whose menus, permissions or hospital changed: named users (an administrator saved them) or every holder
 * of a role (its permissions or name changed).
 */
export type AccessEvent = { user_pks: number[] } | { role_pk: number };
