import type { AppDeps } from './context';
import { loggableError } from './core/log-error';

type Handler<T> = (deps: AppDeps, event: T) => void | Promise<void>;

/**
 * A point where one module says what happened and others, which it does not know, act on it: they add
 * their handler at start (their module's start hook), per running server. This keeps the dependency
 * pointing from the listener to the teller (the report module does not import the ones that react to an audit).
 */
export function hookPoint<T>(name: string) {
  const handlers = new WeakMap<AppDeps, Handler<T>[]>();
  return {
    on(deps: AppDeps, handler: Handler<T>): void {
      const list = handlers.get(deps) ?? [];
      handlers.set(deps, [...list, handler]);
    },
    /** Runs every handler in turn and waits for them; the first failure is the caller's. */
    async run(deps: AppDeps, event: T): Promise<void> {
      for (const h of handlers.get(deps) ?? []) await h(deps, event);
    },
    /** Starts every handler without waiting: a failure is logged and never reaches the caller. */
    emit(deps: AppDeps, event: T): void {
      for (const h of handlers.get(deps) ?? []) {
        void Promise.resolve()
          .then(() => h(deps, event))
          .catch((err: unknown) => deps.log.warn({ hook: name, err: loggableError(err) }, 'hook failed'));
      }
    },
  };
}
