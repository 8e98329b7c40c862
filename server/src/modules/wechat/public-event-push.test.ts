import { describe, expect, it } from 'vitest';
import { parsePushXml, pushEvent, pushSignature, signatureValid } from './public-event-push';

describe('event push', () => {
  it('checks the signature and the time', () => {
    const now = 1_800_000_000_000;
    const ts = String(now / 1000);
    const signature = pushSignature('tok', ts, 'n1');
    expect(signatureValid('tok', { signature, timestamp: ts, nonce: 'n1' }, now)).toBe(true);
    expect(signatureValid('other', { signature, timestamp: ts, nonce: 'n1' }, now)).toBe(false);
    expect(signatureValid('tok', { signature, timestamp: ts, nonce: 'n2' }, now)).toBe(false);
    expect(signatureValid('tok', { signature, timestamp: ts, nonce: 'n1' }, now + 301_000)).toBe(false);
    expect(signatureValid('tok', { timestamp: ts, nonce: 'n1' }, now)).toBe(false);
    expect(signatureValid('', { signature, timestamp: ts, nonce: 'n1' }, now)).toBe(false);
  });

  it('reads subscribe and SCAN events with their scene', () => {
    const xml = (event: string, key: string) =>
      `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[o-1]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[T]]></Ticket></xml>`;
    expect(pushEvent(parsePushXml(xml('subscribe', 'qrscene_abc')))).toEqual({
      kind: 'scan',
      openId: 'o-1',
      scene: 'abc',
    });
    expect(pushEvent(parsePushXml(xml('SCAN', 'abc')))).toEqual({ kind: 'scan', openId: 'o-1', scene: 'abc' });
    expect(pushEvent(parsePushXml(xml('unsubscribe', '')))).toEqual({ kind: 'unsubscribe', openId: 'o-1' });
    expect(pushEvent(parsePushXml(xml('subscribe', '')))).toEqual({ kind: 'other' });
    expect(pushEvent(parsePushXml('not xml'))).toEqual({ kind: 'other' });
    expect(parsePushXml('<xml><A>x &amp; y</A></xml>')).toEqual({ A: 'x & y' });
  });
});
