import { newRouter } from '../../lib/router';

/** Shortcuts: /shortcut/save, /shortcut/find. */
export function shortcutRoutes() {
  const app = newRouter();
  return app;
}
