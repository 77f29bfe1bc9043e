import { DECRYPTION_KEY_LENGTH } from '@tessera/contract';

/**
 * A customer-service path of the status answer (§3): base64 of the link under single DES (ECB, PKCS7), followed by
 * its 8-character key. The browser has no DES of its own, so des.js's does it (about 3 KB, where node-forge's
 * whole toolkit was 75 KB compressed and came with home's first screen, since the path is read ahead of the click).
 * Resolves to null when the path does not decrypt (a wrong key, a cut-off path, padding that is not PKCS7).
 */
export async function decryptPath(path: string): Promise<string | null> {
  if (path.length <= DECRYPTION_KEY_LENGTH) return null;
  const { DES } = await import('des.js');
  // The key's characters are its bytes, as the server writes them.
  const key = Array.from(path.slice(-DECRYPTION_KEY_LENGTH), (char) => char.charCodeAt(0) & 0xff);
  try {
    const sealed = Uint8Array.from(atob(path.slice(0, -DECRYPTION_KEY_LENGTH)), (char) => char.charCodeAt(0));
    const decipher = DES.create({ type: 'decrypt', key });
    const plain = decipher.update(Array.from(sealed)).concat(decipher.final());
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(plain));
  } catch {
    return null;
  }
}
