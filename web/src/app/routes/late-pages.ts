/**
 * Pages reached one hop later: the router's entry script (which the sign-in page loads) lists only this small
 * module's chunk, not each page's dependencies, so each route here costs the sign-in page a few bytes rather
 * than its whole preload list (tests/e2e/first-load.spec.ts keeps that script under 300 KB; issue 39 is the
 * real cure: fewer, larger chunks). Rare pages and the newest ones live here.
 */
export const criticalPage = async () => (await import('@web/features/critical/components/critical-page')).CriticalPage;
export const imageEditPage = async () =>
  (await import('@web/features/image-edit/components/image-edit-page')).ImageEditPage;
export const userRegisterPage = async () => (await import('./user-register')).default;
export const userRegisterResultPage = async () => (await import('./user-register-result')).default;
export const userActivatePage = async () => (await import('./user-activate')).default;
export const wechatPage = async () => (await import('./wechat')).default;
export const ssoPage = async () => (await import('./sso')).default;
