import { describe, expect, it } from 'vitest';
import { parseCommand, responseTo, type Command } from './dimse-command';
import { associateRequest, parseAssociateRequest } from './pdu';
import { parseRoleSelections, withRoleSelections } from './pdu-roles';
import { moveDestinationOf, withCounts } from './qr-command';
import { SubOperations } from './qr-retrieve';
import { answerRoles, chooseSyntax, EXPLICIT_LE, IMPLICIT_LE, QR } from './syntaxes';

const CT = '1.2.840.10008.5.1.4.1.1.2';
const SC = '1.2.840.10008.5.1.4.1.1.7';
const JPEG = '1.2.840.10008.1.2.4.50';

describe('Query/Retrieve negotiation', () => {
  it('accepts the six Q/R classes with little endian only', () => {
    for (const uid of Object.values(QR)) {
      expect(chooseSyntax(uid, [JPEG, EXPLICIT_LE, IMPLICIT_LE])).toBe(EXPLICIT_LE);
      expect(chooseSyntax(uid, [JPEG])).toBe('syntax');
    }
    expect(chooseSyntax('1.2.840.10008.5.1.4.1.2.3.1', [IMPLICIT_LE])).toBe('abstract'); // Patient/Study Only
  });

  it('takes explicit, else implicit VR for a C-GET storage context when offered (any instance can go), else the caller first choice', () => {
    expect(chooseSyntax(CT, [IMPLICIT_LE, '1.2.840.10008.1.2.2', EXPLICIT_LE], { getStorage: true })).toBe(EXPLICIT_LE);
    expect(chooseSyntax(CT, [JPEG, IMPLICIT_LE], { getStorage: true })).toBe(IMPLICIT_LE);
    expect(chooseSyntax(CT, [JPEG, EXPLICIT_LE], { getStorage: true })).toBe(EXPLICIT_LE);
    expect(chooseSyntax(CT, [JPEG], { getStorage: true })).toBe(JPEG);
    // a plain C-STORE context keeps the caller's preference
    expect(chooseSyntax(CT, [EXPLICIT_LE, IMPLICIT_LE])).toBe(EXPLICIT_LE);
  });

  it('answers the SCP role for storage classes only on an association proposing C-GET', () => {
    const roles = [
      { sopClass: CT, scu: false, scp: true },
      { sopClass: SC, scu: true, scp: true },
      { sopClass: '1.2.840.10008.5.1.4.31', scu: false, scp: true },
      { sopClass: '1.2.840.10008.5.1.4.1.1.4', scu: true, scp: false },
    ];
    expect(answerRoles([{ abstractSyntax: QR.studyGet }, { abstractSyntax: CT }], roles)).toEqual(roles.slice(0, 2));
    expect(answerRoles([{ abstractSyntax: QR.patientGet }], roles)).toEqual(roles.slice(0, 2));
    expect(answerRoles([{ abstractSyntax: QR.studyMove }, { abstractSyntax: CT }], roles)).toEqual([]);
  });

  it('reads role selection items of a request and writes them into the user information of an answer', () => {
    const roles = [
      { sopClass: CT, scu: false, scp: true },
      { sopClass: SC, scu: true, scp: true },
    ];
    const rq = withRoleSelections(
      associateRequest('GETSCU', 'RXPACS', [{ id: 1, abstractSyntax: QR.studyGet, transferSyntaxes: [IMPLICIT_LE] }]),
      roles,
    );
    const body = rq.subarray(6);
    expect(rq.readUInt32BE(2)).toBe(body.length);
    expect(parseRoleSelections(body)).toEqual(roles);
    // the rest of the request reads as before
    expect(parseAssociateRequest(body)).toMatchObject({
      callingAet: 'GETSCU',
      calledAet: 'RXPACS',
      maxPdu: 256 * 1024,
    });
    expect(withRoleSelections(rq, [])).toBe(rq);
  });
});

describe('C-MOVE and C-GET commands', () => {
  const rq: Command = {
    command: 0x0021,
    messageId: 7,
    respondingTo: 0,
    sopClass: QR.studyMove,
    sopInstance: '',
    hasDataSet: true,
    status: 0,
    comment: '',
  };

  it('reads the move destination of a request command set', () => {
    const head = responseTo(rq, 0); // any command set; then (0000,0600) AE appended
    const dest = Buffer.alloc(8 + 10);
    dest.writeUInt16LE(0x0600, 2);
    dest.writeUInt32LE(10, 4);
    dest.write('STORESCP  ', 8, 'latin1');
    expect(moveDestinationOf(Buffer.concat([head, dest]))).toBe('STORESCP');
    expect(moveDestinationOf(head)).toBe('');
  });

  it('appends the sub-operation counts in tag order with a right group length; remaining only when asked', () => {
    const counts = { remaining: 3, completed: 2, failed: 1, warning: 0 };
    const pending = withCounts(responseTo(rq, 0xff00), counts, true);
    expect(pending.readUInt32LE(8)).toBe(pending.length - 12);
    expect(parseCommand(pending)).toMatchObject({ command: 0x8021, respondingTo: 7, status: 0xff00 });
    const tags: number[] = [];
    for (let at = 0; at < pending.length; at += 8 + pending.readUInt32LE(at + 4))
      tags.push(pending.readUInt16LE(at + 2));
    expect(tags).toEqual([...tags].sort((a, b) => a - b));
    expect(tags.slice(-4)).toEqual([0x1020, 0x1021, 0x1022, 0x1023]);
    expect(pending.readUInt16LE(pending.length - 2)).toBe(0); // warning
    const final = withCounts(responseTo(rq, 0xb000), counts, false);
    expect(final.length).toBe(pending.length - 10);
  });
});

describe('sub-operations of a retrieve', () => {
  const run = (results: ('completed' | 'warning' | 'failed')[], total = results.length, cancelled = false) => {
    const s = new SubOperations(total);
    results.forEach((r, i) => s.done(`1.2.${i}`, r));
    return s.outcome(cancelled);
  };

  it('ends 0000 when all were stored, B000 with failures or warnings, A702 when none was, FE00 cancelled', () => {
    expect(run(['completed', 'completed'])).toEqual({
      status: 0,
      counts: { remaining: 0, completed: 2, failed: 0, warning: 0 },
      failedUids: [],
    });
    expect(run(['completed', 'failed'])).toMatchObject({ status: 0xb000, failedUids: ['1.2.1'] });
    expect(run(['warning', 'completed']).status).toBe(0xb000);
    expect(run(['failed', 'failed'])).toMatchObject({ status: 0xa702, failedUids: ['1.2.0', '1.2.1'] });
    expect(run([]).status).toBe(0);
    expect(run(['completed'], 3, true)).toMatchObject({
      status: 0xfe00,
      counts: { remaining: 2, completed: 1, failed: 0, warning: 0 },
    });
  });
});
