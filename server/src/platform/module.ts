import type { OpenAPIHono } from '@hono/zod-openapi';
import type { PermissionCode } from '@shared/permissions';
import type { AppDeps, AppEnv } from './context';

/** The app's own fetch: a module that renders one of the app's pages (the report PDF) calls it in process. */
export type AppFetch = (req: Request) => Response | Promise<Response>;

export interface ModuleStart {
  deps: AppDeps;
  fetch: AppFetch;
}

/**
 * What a server module gives the composition (its entry file's `module` export): the app mounts its routes,
 * applies its body limits, and calls its start and stop hooks; nothing else of it is wired by hand.
 */
export interface ServerModule {
  readonly name: string;
  /**
   * The permission codes it checks, on its routes (`access`) or in its services: what a role must hold to use
   * it. The registry's test holds this to the module's code.
   */
  readonly permissions: readonly PermissionCode[];
  /** Its sub-apps, mounted at '/' in the registry's order. */
  routes?(app: { fetch: AppFetch }): OpenAPIHono<AppEnv>[];
  /** Paths whose bodies may be larger than the default 1 MiB (uploads read whole), with their limit. */
  bodyLimits?: Readonly<Record<string, number>>;
  /** Paths whose bodies are streamed and counted as they arrive, with their limit (never buffered). */
  streamedBodies?: Readonly<Record<string, number>>;
  /** After the app is built, before it serves; in the registry's order. */
  start?(ctx: ModuleStart): void | Promise<void>;
  /** At shutdown, in the reverse order. */
  stop?(deps: AppDeps): Promise<void>;
}
