/**
 * dcmtk's Query/Retrieve clients as the QR peer test runs them (tests/support/qr-peer.ts): findscu with a
 * query file in the query's character set (dump2dcm), its answers read back with dcmdump +U8; movescu;
 * getscu into a directory.
 */
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { run } from './dcmtk';

/** The keys the test asks, by keyword: tag and VR. */
const KEYS: Record<string, [string, string]> = {
  SpecificCharacterSet: ['0008,0005', 'CS'],
  StudyDate: ['0008,0020', 'DA'],
  StudyTime: ['0008,0030', 'TM'],
  AccessionNumber: ['0008,0050', 'SH'],
  QueryRetrieveLevel: ['0008,0052', 'CS'],
  RetrieveAETitle: ['0008,0054', 'AE'],
  Modality: ['0008,0060', 'CS'],
  ModalitiesInStudy: ['0008,0061', 'CS'],
  StudyDescription: ['0008,1030', 'LO'],
  SeriesDescription: ['0008,103e', 'LO'],
  SOPClassUID: ['0008,0016', 'UI'],
  SOPInstanceUID: ['0008,0018', 'UI'],
  PatientName: ['0010,0010', 'PN'],
  PatientID: ['0010,0020', 'LO'],
  PatientBirthDate: ['0010,0030', 'DA'],
  PatientSex: ['0010,0040', 'CS'],
  StudyInstanceUID: ['0020,000d', 'UI'],
  SeriesInstanceUID: ['0020,000e', 'UI'],
  SeriesNumber: ['0020,0011', 'IS'],
  InstanceNumber: ['0020,0013', 'IS'],
  NumberOfPatientRelatedStudies: ['0020,1200', 'IS'],
  NumberOfPatientRelatedInstances: ['0020,1204', 'IS'],
  NumberOfStudyRelatedSeries: ['0020,1206', 'IS'],
  NumberOfStudyRelatedInstances: ['0020,1208', 'IS'],
  NumberOfSeriesRelatedInstances: ['0020,1209', 'IS'],
};
const BY_TAG = Object.fromEntries(Object.entries(KEYS).map(([k, [tag]]) => [`(${tag})`, k]));

export type Answer = Record<string, string> & { raw: string; charset: string };
export interface Query {
  model: '-S' | '-P';
  level: string;
  /** Keyword: value ('' asks for the key). */
  keys: Record<string, string>;
  /** SpecificCharacterSet of the query, its file written in that encoding. */
  charset?: 'GB18030' | 'ISO_IR 192';
  /** findscu's --cancel n: C-CANCEL after n responses. */
  cancelAfter?: number;
}

export interface Peer {
  dir: string;
  port: number;
  calledAet: string;
}

let n = 0;

async function queryFile(peer: Peer, q: Query) {
  const out = await mkdtemp(path.join(peer.dir, `q${n++}-`));
  const lines = [
    ...(q.charset ? [`(0008,0005) CS [${q.charset}]`] : []),
    `(0008,0052) CS [${q.level}]`,
    ...Object.entries(q.keys).map(([k, v]) => `(${KEYS[k]![0]}) ${KEYS[k]![1]} [${v}]`),
  ];
  const encoded = iconv.encode(lines.join('\n'), q.charset === 'GB18030' ? 'gb18030' : 'utf8');
  await writeFile(path.join(out, 'q.dump'), encoded);
  const made = await run('dump2dcm', ['-q', '+te', path.join(out, 'q.dump'), path.join(out, 'q.dcm')]);
  if (made.code !== 0) throw new Error(`dump2dcm: ${made.out}`);
  return { out, file: path.join(out, 'q.dcm') };
}

/** findscu: exit code, the tail of its log, and each answer's values (dcmdump +U8), declared charset and bytes. */
export async function findscu(peer: Peer, aet: string, q: Query) {
  const { out, file } = await queryFile(peer, q);
  const answersDir = path.join(out, 'rsp');
  await mkdir(answersDir);
  const cancel = q.cancelAfter ? ['--cancel', String(q.cancelAfter)] : [];
  const args = [q.model, '-v', ...cancel, '-aet', aet, '-aec', peer.calledAet, '-X', '-od', answersDir];
  const r = await run('findscu', [...args, '127.0.0.1', String(peer.port), file]);
  const answers: Answer[] = [];
  for (const f of (await readdir(answersDir)).sort()) {
    const rsp = path.join(answersDir, f);
    const dump = await run('dcmdump', ['+U8', '-Un', rsp]);
    const declared = await run('dcmdump', ['+P', '0008,0005', rsp]);
    const a = {
      raw: (await readFile(rsp)).toString('base64'),
      charset: /\[(.*?)\]/.exec(declared.out)?.[1] ?? '',
    } as Answer;
    for (const l of dump.out.split('\n')) {
      const m = /^\s*(\([0-9a-f]{4},[0-9a-f]{4}\)) [A-Z]{2} (?:\[(.*?)\]|\(no value available\))/.exec(l);
      if (m && BY_TAG[m[1]!] && BY_TAG[m[1]!] !== 'SpecificCharacterSet') a[BY_TAG[m[1]!]!] = m[2] ?? '';
    }
    answers.push(a);
  }
  return { code: r.code, out: r.out.slice(-800), answers };
}

const keyArgs = (level: string, keys: Record<string, string>) => [
  '-k',
  `QueryRetrieveLevel=${level}`,
  ...Object.entries(keys).flatMap(([k, v]) => ['-k', `${k}=${v}`]),
];

/**
 * movescu to `dest`: exit code, the responses' lines of its log (-v), and from its debug dump of each
 * C-MOVE-RSP the sub-operation counts, status and Failed SOP Instance UID List.
 */
export async function movescu(peer: Peer, aet: string, dest: string, q: Omit<Query, 'charset'>) {
  const args = [q.model, '-d', '-aet', aet, '-aec', peer.calledAet, '-aem', dest, ...keyArgs(q.level, q.keys)];
  const r = await run('movescu', [...args, '127.0.0.1', String(peer.port)]);
  const lines = r.out.split('\n');
  const responses = lines.filter((l) => /Move Response|Suboperations|DIMSE Status|\(0008,0058\)/.test(l));
  return { code: r.code, out: responses.join('\n') };
}

/** getscu into a new directory: exit code, the tail of its log, the files it wrote and what dcmdump reads in them. */
export async function getscu(peer: Peer, aet: string, q: Omit<Query, 'charset'>, extra: string[] = []) {
  const into = await mkdtemp(path.join(peer.dir, `get${n++}-`));
  const args = [q.model, '-v', ...extra, '-aet', aet, '-aec', peer.calledAet, '-od', into, ...keyArgs(q.level, q.keys)];
  const r = await run('getscu', [...args, '127.0.0.1', String(peer.port)]);
  const files = (await readdir(into)).sort();
  // each file as dcmdump reads it: its transfer syntax and patient name
  const read: string[] = [];
  for (const f of files) {
    const d = await run('dcmdump', ['+U8', '-Un', '+P', '0002,0010', '+P', '0010,0010', path.join(into, f)]);
    read.push(`${d.code} ${[...d.out.matchAll(/\[(.*?)\]/g)].map((m) => m[1]).join(' ')}`);
  }
  return { code: r.code, out: r.out.slice(-1500), files, read };
}
