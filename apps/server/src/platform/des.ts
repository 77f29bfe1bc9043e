import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Single DES in ECB mode with PKCS7 padding, which the original platform's wire uses (its encrypted bodies and the
 * customer-service links of the status answer). Weak, and here only for that wire.
 *
 * Node's OpenSSL 3 keeps single DES in its legacy provider, which a process can only load with a command-line flag.
 * Triple DES in EDE mode with the same key three times is single DES (E_k(D_k(E_k(x))) = E_k(x); NIST SP 800-67
 * keying option 3 exists for exactly this compatibility), and the default provider has it. So OpenSSL does the DES
 * here, with no added library and no DES of our own.
 */
const tripled = (key: Buffer) => {
  if (key.length !== 8) throw new RangeError('a DES key is 8 bytes');
  return Buffer.concat([key, key, key]);
};

export function desEcbEncrypt(key: Buffer, plain: Buffer): Buffer {
  const cipher = createCipheriv('des-ede3-ecb', tripled(key), null);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** Throws when the padding is wrong (a wrong key, most of the time). */
export function desEcbDecrypt(key: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('des-ede3-ecb', tripled(key), null);
  return Buffer.concat([decipher.update(sealed), decipher.final()]);
}
