/** Spec routes without a page yet; they are reachable and say so. */
export const PENDING_SIGNED_IN = ['printApply/:id'] as const;
/** Spec: these skip the login check (login and 404 are routed separately). */
export const PENDING_PUBLIC = [] as const;

/** True when the route has a screen (not one of the pending ones above): menus offer only those. */
export function hasScreen(path: string): boolean {
  const name = path.replace(/^\//, '');
  return (
    !(PENDING_SIGNED_IN as readonly string[]).includes(name) && !(PENDING_PUBLIC as readonly string[]).includes(name)
  );
}
