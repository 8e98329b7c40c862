/** What a client was told was saved: the report's new version and the text it sent. */
export interface AckedSave {
  study_iuid: string;
  version: number;
  text: string;
}

interface Envelope<T> {
  success: boolean;
  msg: string;
  data: T;
}

export async function post<T>(base: string, path: string, token: string, json: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  return (await res.json()) as Envelope<T>;
}

export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password, logon_type: 'PC' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return body.token;
}

/**
 * One client per study saving its report again as soon as the last save answered, until the server stops
 * answering. Every save that came back with success is recorded; a refused save fails the storm.
 */
export function saveStorm(base: string, token: string, studies: string[]) {
  const acked: AckedSave[] = [];
  const client = async (studyIuid: string) => {
    const info = await post<{ reports: { version: number }[] }>(base, '/report/info', token, { study_iuid: studyIuid });
    let version = info.data.reports[0]!.version;
    for (let n = 0; ; n++) {
      const text = `crash ${studyIuid} #${n}`;
      const body = {
        study_iuid: studyIuid,
        version,
        rpt_good_status: 1,
        study_desc: '胸部CT平扫',
        report_text1: text,
        report_text2: '胸部CT平扫未见明显异常。',
      };
      let answer: Envelope<{ version: number }>;
      try {
        answer = await post(base, '/report/save', token, body);
      } catch {
        return; // the server is gone: this save was not acknowledged
      }
      if (!answer.success) throw new Error(`save refused: ${answer.msg}`);
      version = answer.data.version;
      acked.push({ study_iuid: studyIuid, version, text });
    }
  };
  return { acked, done: Promise.all(studies.map(client)) };
}
