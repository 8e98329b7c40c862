import { afterAll, beforeAll } from 'vitest';
import { loginAs } from './api-client';
import { startTestPlatform, type TestPlatform } from './api-platform';
import { DEMO_PASSWORDS, type DemoUser } from './demo-logins';

export interface TestPlatformOptions {
  /** Demo users signed in once the platform is up; their sessions come from token(). */
  users?: readonly DemoUser[];
  /** Extra environment for the platform (startTestPlatform's extraEnv). */
  env?: Record<string, string>;
  /** The built web app to serve, or a function making it once the file's tests start. */
  webDir?: string | (() => string);
}

export interface TestPlatformHandle {
  /** The platform; read it inside hooks and tests (it starts in beforeAll). */
  readonly p: TestPlatform;
  /** The session of a user named in `users`. */
  token(user: DemoUser): string;
  /** A new session of any demo user (signing it out leaves the shared ones alone). */
  login(user: DemoUser): Promise<string>;
}

/**
 * Registers the file's beforeAll (a fresh demo platform, then the named users signed in) and afterAll
 * (closed). Hooks the file registers afterwards run once this one is done.
 */
export function useTestPlatform(o: TestPlatformOptions = {}): TestPlatformHandle {
  let platform: TestPlatform | undefined;
  const tokens = new Map<DemoUser, string>();
  const started = () => {
    if (!platform) throw new Error('the test platform starts in beforeAll');
    return platform;
  };
  beforeAll(async () => {
    const webDir = typeof o.webDir === 'function' ? o.webDir() : o.webDir;
    const p = await startTestPlatform(o.env, webDir ? { webDir } : {});
    platform = p;
    for (const user of o.users ?? []) tokens.set(user, await loginAs(p.app, user, DEMO_PASSWORDS[user]));
  });
  afterAll(async () => {
    await platform?.close();
  });
  return {
    get p() {
      return started();
    },
    token(user) {
      const token = tokens.get(user);
      if (!token) throw new Error(`${user} is not signed in: name them in useTestPlatform({ users })`);
      return token;
    },
    login: (user) => loginAs(started().app, user, DEMO_PASSWORDS[user]),
  };
}
