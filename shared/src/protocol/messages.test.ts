import { describe, expect, it } from 'vitest';
import {
  BridgeInboundSchema,
  BridgeParamsSchemas,
  BridgeRequestSchema,
  PROTOCOL_PREFIX,
  PROTOCOL_VERSION,
  bridgeAck,
  bridgeEvent,
  bridgeFailure,
  bridgeRequest,
  bridgeSuccess,
  hasPrefix,
} from './messages';

const key = { slot: '1', label: 'Dr Li', serial: 'ABC', certificates: [] };

describe('bridge protocol messages', () => {
  it('accepts a well-formed request and each reply kind', () => {
    expect(BridgeRequestSchema.safeParse(bridgeRequest('r1', 'openStudy', { study_iuid: '1.2.3' })).success).toBe(true);
    for (const m of [
      bridgeAck('r1'),
      bridgeSuccess('r1', { any: 1 }),
      bridgeFailure('r1', { id: 'PIN_INCORRECT', msg: 'wrong', data: { triesLeft: 2 } }),
      bridgeEvent({ type: 'key-inserted', key }),
      bridgeEvent({ type: 'key-removed', slot: '1', serial: 'ABC' }),
      bridgeEvent({ type: 'agent-up', keys: [key], version: '0.1.0' }),
      bridgeEvent({ type: 'agent-down' }),
    ]) {
      expect(BridgeInboundSchema.safeParse(m).success, JSON.stringify(m)).toBe(true);
    }
  });

  it('refuses a message without the prefix or with another version', () => {
    const ok = bridgeRequest('r1', 'status', {});
    expect(BridgeRequestSchema.safeParse({ ...ok, prefix: undefined }).success).toBe(false);
    expect(BridgeRequestSchema.safeParse({ ...ok, prefix: 'other' }).success).toBe(false);
    expect(BridgeRequestSchema.safeParse({ ...ok, version: PROTOCOL_VERSION + 1 }).success).toBe(false);
    expect(hasPrefix({ prefix: PROTOCOL_PREFIX })).toBe(true);
    expect(hasPrefix('rxpacs-bridge')).toBe(false);
    expect(hasPrefix(null)).toBe(false);
  });

  it('refuses unknown actions and request ids that are empty or too long', () => {
    const ok = bridgeRequest('r1', 'status', {});
    expect(BridgeRequestSchema.safeParse({ ...ok, action: 'exec' }).success).toBe(false);
    expect(BridgeRequestSchema.safeParse({ ...ok, id: '' }).success).toBe(false);
    expect(BridgeRequestSchema.safeParse({ ...ok, id: 'x'.repeat(65) }).success).toBe(false);
  });

  it('has no origin parameter a page could forge: signing parameters are strict', () => {
    const sign = BridgeParamsSchemas.sign;
    expect(sign.safeParse({ challenge: 'c', pin: '123456', certificate_id: '01' }).success).toBe(true);
    expect(
      sign.safeParse({ challenge: 'c', pin: '123456', certificate_id: '01', origin: 'https://evil' }).success,
    ).toBe(false);
  });

  it('accepts only DICOM UIDs for studies', () => {
    const open = BridgeParamsSchemas.openStudy;
    expect(open.safeParse({ study_iuid: '1.2.840.10008.1' }).success).toBe(true);
    for (const bad of ['1.2;rm -rf /', '', '1..2', `1.${'2'.repeat(64)}`, '$(id)']) {
      expect(open.safeParse({ study_iuid: bad }).success, bad).toBe(false);
    }
  });

  it('prints either a PDF or a URL, not both or neither', () => {
    const print = BridgeParamsSchemas.print;
    expect(print.safeParse({ pdf: 'JVBERi0=' }).success).toBe(true);
    expect(print.safeParse({ url: 'http://127.0.0.1:8080/r.pdf' }).success).toBe(true);
    expect(print.safeParse({}).success).toBe(false);
    expect(print.safeParse({ pdf: 'JVBERi0=', url: 'http://127.0.0.1/r.pdf' }).success).toBe(false);
  });
});
