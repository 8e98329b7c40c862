import type { UserSettings } from '@shared/schemas/auth';

/** The signed-in user a request or a socket acts as. */
export interface AuthUser {
  pk: number;
  uuid: string;
  username: string;
  ch_name: string;
  /** Display name: ch_name, else username. */
  name: string;
  role_pk: number;
  hospital_code: string;
  /** Region (group) the user belongs to, '' when none. */
  region: string;
  isSuper: boolean;
  /** data2: when set, the only modalities this user may see. */
  modalities: string[];
  /** data1, with defaults. */
  settings: UserSettings;
  perms: ReadonlySet<string>;
  sessionPk: number;
  expiresAt: Date;
  /** After an administrator's password reset: the session may only change the password (and sign out). */
  mustChangePassword: boolean;
  /**
   * A single-purpose credential's requests (the report PDF's render token): the only paths it may call, each
   * with exactly these fields and values in its JSON body or query; the guard refuses anything else (403).
   * Unset for a session or an app's access token.
   */
  onlyRequests?: ReadonlyMap<string, Readonly<Record<string, string | number>>>;
}
