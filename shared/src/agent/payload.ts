/**
 * The 64 bytes a login signature covers, as Web eID does: SHA-256(origin) || SHA-256(challenge), both
 * hashed as their UTF-8 text (the challenge is the base64 string as issued, not its decoded bytes).
 * Web Crypto, so the agent, the server and the browser compute it the same way.
 */
export async function signedPayload(origin: string, challenge: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(origin)),
    crypto.subtle.digest('SHA-256', encoder.encode(challenge)),
  ]);
  const out = new Uint8Array(64);
  out.set(new Uint8Array(a), 0);
  out.set(new Uint8Array(b), 32);
  return out;
}
