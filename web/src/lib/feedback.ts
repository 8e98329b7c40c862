import type { useAppProps } from 'antd/es/app/context';
import { MAX_TOASTS, NOTICE_DURATION_S } from '@shared/constants';
import { loadOnce } from './load-once';

/** Each call of a part shows something; what it returns is not for the caller (it may not be shown yet). */
type Fire<T> = { [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : T[K] };

/** Toasts, notices and the few blocking dialogs, as antd's App hands them out. */
export interface Feedback {
  message: Fire<useAppProps['message']>;
  notification: Fire<useAppProps['notification']>;
  modal: Fire<useAppProps['modal']>;
}

type Part = keyof Feedback;
type AnyCall = (...args: unknown[]) => unknown;

let bound: Feedback | null = null;

/** The same limits for the App's toasts and notices and for the static ones. */
export const MESSAGE_LIMITS = { maxCount: MAX_TOASTS };
export const NOTICE_LIMITS = { duration: NOTICE_DURATION_S, maxCount: MAX_TOASTS };

// antd's static message, notification and modal, fetched on their first use: the sign-in page, which has no
// antd App around it, then carries none of their code before it is interactive.
let loadStatic: () => Promise<Feedback> = () => Promise.reject(new Error('no static feedback registered'));

/** How to load the static stand-ins (app/providers.tsx; they carry the app's theme). */
export function setStaticFeedback(load: () => Promise<Feedback>): void {
  loadStatic = loadOnce(load);
}

/** A part whose every call waits for the static version, then calls it (the result is not awaited). */
function deferred<P extends Part>(part: P): Feedback[P] {
  const calls = new Proxy(
    {},
    {
      get:
        (_target, name) =>
        (...args: unknown[]) => {
          loadStatic()
            .then((f) => (f[part] as unknown as Record<string | symbol, AnyCall>)[name]?.(...args))
            .catch((e: unknown) => console.error('feedback could not be shown', e));
        },
    },
  );
  return calls as Feedback[P];
}

const fallback: Feedback = {
  message: deferred('message'),
  notification: deferred('notification'),
  modal: deferred('modal'),
};

/**
 * antd's message, notification and modal bound to the App context (theme, locale), so code outside React
 * (the request layer) can show them. FeedbackBridge (app/feedback-app.tsx) fills it in while an antd App is
 * mounted; otherwise (the sign-in page) the static versions stand in.
 */
export function setFeedback(api: Feedback | null): void {
  bound = api;
}

export const feedback = (): Feedback => bound ?? fallback;

/**
 * antd's static versions whether or not an App is mounted: for a notice that must outlive the App mounted now
 * (the first screen's App can be replaced while it loads, taking its notices with it), e.g. the licence's.
 */
export const lastingFeedback = (): Feedback => fallback;
