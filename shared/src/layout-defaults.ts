/**
 * Defaults of the layout settings drawer. LayoutSettingsSchema takes its defaults from here; the web app's
 * entry reads them without loading zod (the login page does not need it).
 */
export const LAYOUT_DEFAULTS = {
  navTheme: 'dark',
  primaryColor: '#1677ff',
  layout: 'side',
  contentWidth: 'Fluid',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multiTab: true,
  showLockScreen: true,
} as const;
