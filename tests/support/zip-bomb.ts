import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip whose entries are `head` followed by `zeros` zero bytes each, deflated once and written `count` times
 * (a zip bomb of honest sizes: 32 entries of 32 MiB make about 1 MiB holding 1 GiB). Written here by hand
 * because yazl deflates every entry again.
 */
export function zipOfZeros(o: { count: number; zeros: number; head?: Buffer; name?: (i: number) => string }): Buffer {
  const head = o.head ?? Buffer.alloc(0);
  const plain = Buffer.concat([head, Buffer.alloc(o.zeros)]);
  const packed = deflateRawSync(plain, { level: 9 });
  const crc = crc32(plain);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < o.count; i++) {
    const name = Buffer.from(o.name ? o.name(i) : `zeros/${i}.dcm`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(plain.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(o.count, 8);
  end.writeUInt16LE(o.count, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}
