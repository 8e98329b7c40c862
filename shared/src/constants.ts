/** Business constants and limits of the spec (section 9 of the roles/calls file). One place only. */
export const HTTP_TIMEOUT_MS = 180_000;
export const LOADER_TIMEOUT_MS = 120_000;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50, 100, 200, 500] as const;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_SORT = 'create_time desc';
export const MAX_TOASTS = 3;
export const NOTICE_DURATION_S = 10;
export const FAIL_TOAST_SUPPRESS_MS = 1_000;
export const WS_KEEPALIVE_MS = 30_000;
export const WS_RETRY_MS = 5_000;
export const CLOCK_TICK_MS = 1_000;
/** A study lock not renewed for this long is considered abandoned (a crashed browser). */
export const LOCK_STALE_MS = 30 * 60_000;
export const CONFIG_CACHE_MS = 24 * 3600 * 1000;
export const COLUMN_SETTINGS_MS = 7 * 24 * 3600 * 1000;
export const TOKEN_REFRESH_BEFORE_S = 60;
export const CAPTCHA_AFTER_FAILURES = 2;
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_WIDTH = 136;
export const CAPTCHA_HEIGHT = 40;
export const CAPTCHA_TYPES = [0, 1, 2] as const; // 0 letters+digits, 1 letters, 2 digits
/**
 * What the captcha draws (docs/web.md, "The captcha"): capitals and digits without look-alikes (no 0/O, 1/I/L,
 * 2/Z, 5/S, 8/B, 6/G, 9, U/V, D/Q); answers are checked case-insensitively. Digits only (type 2): 2-9.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTWXY347';
/** Smallest glyph (ink bounding box) height in image pixels; the image shows at CAPTCHA_WIDTH x CAPTCHA_HEIGHT CSS px. */
export const CAPTCHA_GLYPH_MIN_PX = 24;
/** Contrast ratio of the glyph colour against every background pixel around it (WCAG AA for text). */
export const CAPTCHA_MIN_CONTRAST = 4.5;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const NAME_MIN = 2;
export const NAME_MAX = 64;
export const REMARK_MAX = 126;
export const CERT_NEAR_EXPIRY_DAYS = 60;
export const LOW_DISK_GB = 500;
export const LOW_DISK_THROTTLE_MS = 6 * 3600 * 1000;
export const LICENCE_WARNING_DAYS = 30;
/** The licence's answer headers (spec part 2, section 8): `pacs_auth` true/false, `pacs_day` days left when a date is set. */
export const LICENCE_HEADERS = { auth: 'pacs_auth', days: 'pacs_day' } as const;
export const BREAKPOINT_SM = 576;
export const BREAKPOINT_XL = 1200;
export const WEB_BASE = '/rxpacs/';
export const DEFAULT_LOCALE = 'zh-CN';
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
/**
 * The language a report document is written and printed in, whatever language its reader's screen uses.
 * Hospitals have no language of their own yet, so it is the platform's default.
 */
export const REPORT_LOCALE: Locale = DEFAULT_LOCALE;
/** sys_config system_title at first start: a Chinese name, shown translated in another interface language. */
export const DEFAULT_SYSTEM_TITLE = '医学影像系统';

export const MODALITIES = ['DX', 'DR', 'CT', 'MR', 'MG', 'US', 'PX', 'ES', 'DM', 'XA', 'RF'] as const;
export const STAT_MODALITIES = ['CT', 'DR', 'DX', 'MR', 'US'] as const;
export const AGE_UNITS = ['Y', 'M', 'D', 'H'] as const;

/** rpt_status: 0 not written, 1 saved, 2 audited; 3 review cancelled and 4 voided appear only in traces. */
export const RPT_STATUS = { NOT_WRITTEN: 0, SAVED: 1, AUDITED: 2, REVIEW_CANCELLED: 3, VOIDED: 4 } as const;
export const RPT_STATUSES = [0, 1, 2, 3, 4] as const;
export const PATIENT_TYPES = [1, 2, 3, 4, 5, 6] as const; // outpatient, inpatient, emergency, exam, green, other
export const SEXES = ['M', 'F'] as const;

export const SUPER_ADMIN_ROLE_PK = 1;

/** Response codes the client branches on (besides HTTP status). */
export const CODE_SESSION_EXPIRED = 700;
export const CODE_LIST_WARNING = 510;
export const CODE_IMPORT_PARTIAL = 201;
/** use_password_check policy: lowercase, uppercase, digit, 6 to 16 characters. */
export const STRONG_PASSWORD_RE = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{${PASSWORD_MIN},${PASSWORD_MAX}}$`);

/** Queue call screen (spec section 9): rooms per page (carousel step), the announcement's voice and delays. */
export const QUEUE_ROOMS_PER_PAGE = 5;
export const QUEUE_SPEECH_RATE = 0.6;
export const QUEUE_SPEECH_DELAY_MS = 1_000;
export const QUEUE_RECORDED_DELAY_MS = 3_000;
