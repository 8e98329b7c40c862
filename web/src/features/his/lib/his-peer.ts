import { HIS_CHARSETS, type Hl7PeerRow, type Hl7PeerSave } from '@shared/schemas/his';

export type HisCharset = (typeof HIS_CHARSETS)[number];

/** The locale key (`charsets.<key>`) of each HL7 table 0211 name an interface may use. */
export const CHARSET_KEYS = {
  'UNICODE UTF-8': 'utf8',
  'GB 18030-2000': 'gb18030',
  '8859/1': 'latin1',
  ASCII: 'ascii',
} as const satisfies Record<HisCharset, string>;

export const isHisCharset = (v: string): v is HisCharset => (HIS_CHARSETS as readonly string[]).includes(v);

/** Where results go, `host:port` (an IPv6 address in brackets); null: none are sent. */
export function resultAddress(r: Pick<Hl7PeerRow, 'result_host' | 'result_port'>): string | null {
  if (!r.result_host || !r.result_port) return null;
  return r.result_host.includes(':') ? `[${r.result_host}]:${r.result_port}` : `${r.result_host}:${r.result_port}`;
}

/** A listed interface as the save call takes it back. */
export function rowToSave(r: Hl7PeerRow): Hl7PeerSave {
  return {
    pk: r.pk,
    name: r.name,
    hospital_code: r.hospital_code,
    address: r.address,
    facility: r.facility,
    charset: isHisCharset(r.charset) ? r.charset : undefined,
    result_host: r.result_host,
    result_port: r.result_port,
    status: r.status,
  };
}
