import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './describe-failure';

const t = ((key: string, o?: Record<string, unknown>) =>
  o ? `${key} ${JSON.stringify(o)}` : key) as TFunction<'account'>;
const bridgeError = (id: string, data?: unknown) => Object.assign(new Error(`agent says ${id}`), { id, data });

describe('describeFailure', () => {
  it('tells the tries left after a wrong PIN when the token says, else only that it was wrong', () => {
    expect(describeFailure(bridgeError('PIN_INCORRECT', { triesLeft: 2 }), t)).toBe('cert.pinWrongLeft {"left":2}');
    expect(describeFailure(bridgeError('PIN_INCORRECT', { triesLeft: null }), t)).toBe('cert.pinWrong');
  });

  it('says the PIN is locked, or the key is gone', () => {
    expect(describeFailure(bridgeError('PIN_LOCKED'), t)).toBe('cert.pinLocked');
    expect(describeFailure(bridgeError('TOKEN_NOT_PRESENT'), t)).toBe('cert.keyGone');
  });

  it('passes on the message of other failures (server or bridge), with a fallback', () => {
    expect(describeFailure(new Error('该证书未绑定任何用户'), t)).toBe('该证书未绑定任何用户');
    expect(describeFailure(bridgeError('AGENT_DOWN'), t)).toBe('agent says AGENT_DOWN');
    expect(describeFailure('???', t)).toBe('cert.failed');
  });
});
