import { DECRYPTION_KEY_LENGTH } from '@tessera/contract';

/**
 * A customer-service path of the status answer (§3): base64 of the link under single DES (ECB, PKCS7), followed by
 * its 8-character key. The browser has no DES of its own, so node-forge's does it, loaded only when a path is read.
 * Resolves to null when the path does not decrypt (a wrong key, a cut-off path).
 */
export async function decryptPath(path: string): Promise<string | null> {
  if (path.length <= DECRYPTION_KEY_LENGTH) return null;
  const { default: forge } = await import('node-forge');
  const key = path.slice(-DECRYPTION_KEY_LENGTH);
  const sealed = path.slice(0, -DECRYPTION_KEY_LENGTH);
  try {
    const decipher = forge.cipher.createDecipher('DES-ECB', forge.util.createBuffer(key));
    decipher.start({});
    decipher.update(forge.util.createBuffer(forge.util.decode64(sealed)));
    if (!decipher.finish()) return null;
    return forge.util.decodeUtf8(decipher.output.getBytes());
  } catch {
    return null;
  }
}
