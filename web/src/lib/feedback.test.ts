import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback, setFeedback, setStaticFeedback, type Feedback } from './feedback';

const fakeParts = () => {
  const error = vi.fn();
  const warning = vi.fn();
  return { error, warning, parts: { message: { error }, notification: { warning }, modal: {} } as unknown as Feedback };
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('feedback', () => {
  beforeEach(() => setFeedback(null));

  it('with no App mounted, loads the static parts on first use, once, and passes every call on in order', async () => {
    const { error, warning, parts } = fakeParts();
    const load = vi.fn(async () => parts);
    setStaticFeedback(load);
    expect(load).not.toHaveBeenCalled();
    feedback().message.error('first', 3);
    feedback().notification.warning({ title: 'second' });
    feedback().message.error('third');
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(error.mock.calls).toEqual([['first', 3], ['third']]);
    expect(warning.mock.calls).toEqual([[{ title: 'second' }]]);
  });

  it('uses the mounted App while there is one, and the static parts again once it is gone', async () => {
    const statics = fakeParts();
    const app = fakeParts();
    setStaticFeedback(async () => statics.parts);
    setFeedback(app.parts);
    feedback().message.error('while mounted');
    setFeedback(null);
    feedback().message.error('after');
    await settle();
    expect(app.error.mock.calls).toEqual([['while mounted']]);
    expect(statics.error.mock.calls).toEqual([['after']]);
  });

  it('asks again for static parts that failed to load', async () => {
    const { error, parts } = fakeParts();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(parts);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setStaticFeedback(load);
    feedback().message.error('lost');
    await settle();
    expect(logged).toHaveBeenCalledTimes(1);
    feedback().message.error('shown');
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(error.mock.calls).toEqual([['shown']]);
    logged.mockRestore();
  });
});
