import { z } from 'zod';

/**
 * The kind of every configuration entry the platform knows (sys_config). The server validates a value by
 * its kind and the administration screen shows the editor of that kind. Entries an administrator adds
 * are free text.
 */
export type ConfigKind =
  | { kind: 'yesno' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'url' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'colour' }
  | { kind: 'version' }
  | { kind: 'text'; max: number }
  | { kind: 'secret' };

/** Longest value of an entry without a known kind. */
export const CONFIG_VALUE_MAX = 2000;

/** openType: where the image viewer opens ('' the browser's default for a link: a new tab). */
export const OPEN_TYPES = ['', '_blank', '_self'] as const;

export const CONFIG_KINDS = {
  system_title: { kind: 'text', max: 64 },
  foot_title: { kind: 'text', max: 128 },
  version: { kind: 'text', max: 32 },
  title_color: { kind: 'colour' },
  use_captcha: { kind: 'yesno' },
  weixin_login: { kind: 'yesno' },
  use_aes: { kind: 'yesno' },
  aes_key: { kind: 'secret' },
  use_password_check: { kind: 'yesno' },
  login_max_fails: { kind: 'integer', min: 1, max: 20 },
  login_lock_minutes: { kind: 'integer', min: 1, max: 1440 },
  password_expire_days: { kind: 'integer', min: 0, max: 3650 },
  new_web_page_url: { kind: 'url' },
  old_web_page_url: { kind: 'url' },
  core_url: { kind: 'url' },
  multi_page_report: { kind: 'yesno' },
  use_critical: { kind: 'yesno' },
  critical_ack_minutes: { kind: 'integer', min: 1, max: 1440 },
  ai_url: { kind: 'url' },
  imageViewer: { kind: 'url' },
  openType: { kind: 'enum', values: OPEN_TYPES },
  dicom_accept_any: { kind: 'yesno' },
  workload_link_hospital: { kind: 'text', max: 32 },
  static_page1_url: { kind: 'url' },
  static_page2_url: { kind: 'url' },
  static_temp_url: { kind: 'url' },
  agent_min_version: { kind: 'version' },
  extension_min_version: { kind: 'version' },
  bridge_download_url: { kind: 'url' },
} as const satisfies Record<string, ConfigKind>;

export type KnownConfigName = keyof typeof CONFIG_KINDS;

export const isKnownConfig = (name: string): name is KnownConfigName => Object.hasOwn(CONFIG_KINDS, name);

/**
 * Entries a hospital has of its own: `<base>_<hospital code>` (the FHIR delivery address of
 * report-products), and the installation's `<base>` as the fallback. The hospital's administrator
 * (sys:config) may change its own hospital's; every other entry is the super administrator's.
 */
export const HOSPITAL_CONFIG_BASES = { report_fhir_url: { kind: 'url' } } as const satisfies Record<string, ConfigKind>;

/** The hospital code a per-hospital entry names (`report_fhir_url_H001` -> `H001`), or null. */
export function configHospital(name: string): string | null {
  for (const base of Object.keys(HOSPITAL_CONFIG_BASES)) {
    if (name.startsWith(`${base}_`) && name.length > base.length + 1) return name.slice(base.length + 1);
  }
  return null;
}

function hospitalBaseKind(name: string): ConfigKind | undefined {
  for (const [base, kind] of Object.entries(HOSPITAL_CONFIG_BASES)) {
    if (name === base || name.startsWith(`${base}_`)) return kind;
  }
  return undefined;
}

export function configKindOf(name: string): ConfigKind {
  if (isKnownConfig(name)) return CONFIG_KINDS[name];
  return hospitalBaseKind(name) ?? { kind: 'text', max: CONFIG_VALUE_MAX };
}

/** A name an administrator gives a credential: key, secret, password (pass, passwd, pwd), token, credential. */
const SECRET_NAME =
  /(^|[_.-])(api)?(key|secret|pass|passwd|password|pwd|token|credentials?)([_.-]|$|v?\d)|(key|secret|password|passwd|pwd|token)$/i;

/**
 * Entries whose value nobody reads back: the known ones of kind secret (aes_key), and any other entry named
 * like a credential (`smtp_pwd`, `api_key_v2`, `db_pass`, `wx_token`). Lists show them masked; configAll and
 * findByName leave them out. Known entries go by their kind alone (use_password_check is a switch).
 */
export function isSecretConfig(name: string): boolean {
  return isKnownConfig(name) ? configKindOf(name).kind === 'secret' : SECRET_NAME.test(name);
}

export const SECRET_MASK = '******';

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const COLOUR = /^#[0-9a-f]{6}$/i;
/** A release number as the agent and the extension report theirs: 1 to 3 dot-separated numbers. */
export const VERSION_RE = /^\d{1,5}(\.\d{1,5}){0,2}$/;

/** Compares two release numbers part by part (1.10 > 1.9; a missing part is 0): negative, 0 or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** The value's schema for an entry of this kind (the message names what is allowed). */
export function configValueSchema(kind: ConfigKind): z.ZodType<string> {
  switch (kind.kind) {
    case 'yesno':
      return z.enum(['Y', 'N'], { message: 'Y or N' });
    case 'integer':
      return z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, { message: `${kind.min}-${kind.max}` })
        .refine((v) => Number(v) >= kind.min && Number(v) <= kind.max, { message: `${kind.min}-${kind.max}` })
        .transform((v) => String(Number(v)));
    case 'url':
      return z
        .string()
        .trim()
        .max(512)
        .refine((v) => v === '' || HTTP_URL.test(v), { message: 'http(s):// address or empty' });
    case 'enum':
      return z.enum(kind.values as [string, ...string[]], { message: kind.values.map((v) => v || "''").join(', ') });
    case 'colour':
      return z.string().trim().regex(COLOUR, { message: '#rrggbb' });
    case 'version':
      return z
        .string()
        .trim()
        .refine((v) => v === '' || VERSION_RE.test(v), { message: '1.2.3 or empty' });
    case 'text':
      return z.string().max(kind.max);
    case 'secret':
      return z.string().max(256);
  }
}
