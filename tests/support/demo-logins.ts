import { DEMO_USERS } from '../../server/src/platform/db/seed/demo';

/** A user the demo seed signs in: the super administrator and the demo users. */
export type DemoUser = 'admin' | (typeof DEMO_USERS)[number]['username'];

export const DEMO_PASSWORDS: Record<DemoUser, string> = {
  admin: 'Admin@123',
  ...(Object.fromEntries(DEMO_USERS.map((u) => [u.username, u.password])) as Record<
    (typeof DEMO_USERS)[number]['username'],
    string
  >),
};
