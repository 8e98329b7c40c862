import { DEFAULT_SYSTEM_TITLE } from '@shared/constants';

/** Configuration entries every installation has; values here are the defaults written at first start. */
export const CONFIG_DEFAULTS = {
  system_title: { value: DEFAULT_SYSTEM_TITLE, description: 'System title' },
  foot_title: { value: 'Copyright © RxPACS', description: 'Footer text of the login page' },
  version: { value: '0.1.0', description: 'Version shown on the login page' },
  title_color: { value: '#ffffff', description: 'Login title colour' },
  use_captcha: { value: 'N', description: 'Y: captcha on every sign-in (it is forced after 2 failures anyway)' },
  weixin_login: {
    value: 'N',
    description: 'Y: offer WeChat QR sign-in on the login page (needs the QR sign-in app under /WeChatManage)',
  },
  use_aes: { value: 'N', description: 'Y: the login form encrypts credentials with aes_key' },
  aes_key: { value: '', description: 'Base64 AES-256 key of the login form (generated at first start)' },
  use_password_check: { value: 'Y', description: 'Y: passwords need lowercase, uppercase, digit, 6-16 chars' },
  login_max_fails: { value: '5', description: 'Failed sign-ins before the account is locked' },
  login_lock_minutes: { value: '30', description: 'Minutes an account stays locked' },
  password_expire_days: { value: '90', description: 'Days before a password expires (0: never)' },
  new_web_page_url: { value: '', description: 'Address of the new version (login page button)' },
  old_web_page_url: { value: '', description: 'Address of the old version' },
  core_url: { value: '', description: 'Central server address used by the print page' },
  multi_page_report: { value: 'Y', description: 'Y: reports may have extra pages' },
  use_critical: { value: 'Y', description: 'Y: critical values can be flagged' },
  critical_ack_minutes: {
    value: '30',
    description: 'Minutes a critical result may wait for its acknowledgement before it is escalated',
  },
  ai_url: { value: '', description: 'AI service address' },
  imageViewer: { value: '', description: 'Image viewer address' },
  openType: { value: '', description: 'How images open' },
  static_page1_url: { value: '', description: 'Where /page1 leads (a static page of the hospital); empty: not set up' },
  static_page2_url: {
    value: '',
    description: 'Where /page2/{newId}/{newTitle} leads; newId and newTitle are added as query parameters',
  },
  static_temp_url: { value: '', description: 'Where /temp leads; empty: not set up' },
  workload_link_hospital: {
    value: '',
    description:
      'Hospital code whose users see the workload statistics link (/zhanjiang) on the security tab; empty: no one',
  },
  agent_min_version: {
    value: '',
    description: 'Oldest workstation agent the web app works with (1.2.3); an older one is told to update; empty: any',
  },
  extension_min_version: {
    value: '',
    description: 'Oldest browser extension the web app works with (1.2.3); an older one is told to update; empty: any',
  },
  bridge_download_url: {
    value: '',
    description: 'Where workstations get the agent and the extension: the update notice links to it',
  },
  dicom_accept_any: {
    value: 'N',
    description: 'Y: the DICOM listener accepts any calling AE title from any address (N: registered devices only)',
  },
} as const;
