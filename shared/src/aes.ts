// The parts that AES-CBC needs, not the whole crypto-js (its index pulls in every hash and cipher).
import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Base64 from 'crypto-js/enc-base64';

/**
 * use_aes: the login form's credentials are sent as base64(iv || AES-256-CBC(PKCS7)). The key comes from
 * /tool/getFootTitle, so this only keeps credentials out of casual sight (proxies, access logs);
 * TLS is what protects them.
 */
export function aesEncrypt(plain: string, keyBase64: string): string {
  const key = Base64.parse(keyBase64);
  const iv = CryptoJS.lib.WordArray.random(16);
  const enc = AES.encrypt(plain, key, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 });
  return iv.clone().concat(enc.ciphertext).toString(Base64);
}
