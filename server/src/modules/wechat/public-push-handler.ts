import type { AppDeps } from '../../platform/context';
import { accountRow } from './account';
import { parsePushXml, pushEvent, signatureValid } from './public-event-push';
import { bindScene, unfollow } from './public-bind';
import { secretBox } from '../../platform/core/secret-box';

type PushQuery = { signature?: string; timestamp?: string; nonce?: string; echostr?: string };

/** The hospital public account's push token, '' when none is set (every push is then refused). */
async function pushToken(deps: AppDeps, hospitalCode: string): Promise<string> {
  const row = await accountRow(deps.db, 'mp', hospitalCode);
  return row?.token ? (secretBox(deps.env).open(row.token) ?? '') : '';
}

const nowMs = (deps: AppDeps) => (deps.now?.() ?? new Date()).getTime();

/** GET: the address check when the callback is set up at the platform; the echostr, or null when refused. */
export async function verifyUrl(deps: AppDeps, hospitalCode: string, q: PushQuery): Promise<string | null> {
  const token = await pushToken(deps, hospitalCode);
  return signatureValid(token, q, nowMs(deps)) ? (q.echostr ?? '') : null;
}

/**
 * POST: one pushed event. False when the signature is wrong (nothing done). A scan with a binding scene
 * binds; an unfollow unbinds; anything else is acknowledged and ignored. Encrypted ("safe mode") bodies
 * carry only <Encrypt>: they are acknowledged and ignored (docs/wechat.md: use plaintext or compatible mode).
 */
export async function handlePush(deps: AppDeps, hospitalCode: string, q: PushQuery, xml: string): Promise<boolean> {
  const token = await pushToken(deps, hospitalCode);
  if (!signatureValid(token, q, nowMs(deps))) return false;
  const event = pushEvent(parsePushXml(xml.slice(0, 64 * 1024)));
  if (event.kind === 'scan') {
    const bound = await bindScene(deps, hospitalCode, event.scene, event.openId);
    deps.log.info({ hospitalCode, bound }, 'public-account scan');
  } else if (event.kind === 'unsubscribe') {
    await unfollow(deps.db, hospitalCode, event.openId);
  }
  return true;
}
