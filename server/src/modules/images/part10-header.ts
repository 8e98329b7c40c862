/**
 * The Part 10 file header a received data set is stored behind: 128-byte preamble, `DICM`, and the group-2
 * file meta information in explicit VR little endian (PS3.10 7.1). The data set's own bytes follow as
 * received, in the negotiated transfer syntax.
 */
export const IMPLEMENTATION_CLASS_UID = '2.25.102114585822493977202496563884975709022';
export const IMPLEMENTATION_VERSION = 'RXPACS_1';

const even = (b: Buffer, fill: number) => (b.length % 2 ? Buffer.concat([b, Buffer.from([fill])]) : b);

function element(el: number, vr: string, value: Buffer): Buffer {
  const head = Buffer.alloc(vr === 'OB' ? 12 : 8); // OB: 2 reserved bytes and a 32-bit length
  head.writeUInt16LE(0x0002, 0);
  head.writeUInt16LE(el, 2);
  head.write(vr, 4, 'ascii');
  if (vr === 'OB') head.writeUInt32LE(value.length, 8);
  else head.writeUInt16LE(value.length, 6);
  return Buffer.concat([head, value]);
}
const ui = (el: number, uid: string) => element(el, 'UI', even(Buffer.from(uid, 'ascii'), 0));
const text = (el: number, vr: string, s: string) => element(el, vr, even(Buffer.from(s, 'ascii'), 0x20));

export function part10Header(m: { sopClass: string; sopInstance: string; transferSyntax: string; sourceAet: string }) {
  const body = Buffer.concat([
    element(0x0001, 'OB', Buffer.from([0, 1])),
    ui(0x0002, m.sopClass),
    ui(0x0003, m.sopInstance),
    ui(0x0010, m.transferSyntax),
    ui(0x0012, IMPLEMENTATION_CLASS_UID),
    text(0x0013, 'SH', IMPLEMENTATION_VERSION),
    ...(m.sourceAet ? [text(0x0016, 'AE', m.sourceAet)] : []),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'ascii'), element(0x0000, 'UL', length), body]);
}
