/** A multipart/related answer's parts, each with its headers (lower-cased names) and bytes. */
export async function multipartParts(r: Response) {
  const type = r.headers.get('content-type') ?? '';
  const boundary = /boundary=([^;]+)/.exec(type)![1]!;
  const body = Buffer.from(await r.arrayBuffer());
  const out: { headers: Record<string, string>; data: Buffer }[] = [];
  const sep = Buffer.from(`--${boundary}`);
  let at = body.indexOf(sep);
  for (;;) {
    const start = at + sep.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headEnd = body.indexOf('\r\n\r\n', start);
    const headers = Object.fromEntries(
      body
        .subarray(start + 2, headEnd)
        .toString('latin1')
        .split('\r\n')
        .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const next = body.indexOf(sep, headEnd + 4);
    out.push({ headers, data: body.subarray(headEnd + 4, next - 2) });
    at = next;
  }
  return { type, parts: out };
}
