/** des.js (no types of its own): the part the site uses, single DES with PKCS7 padding on byte arrays. */
declare module 'des.js' {
  interface Cipher {
    update(data: number[]): number[];
    /** Throws when the padding is wrong. */
    final(): number[];
  }
  export const DES: {
    create(options: { type: 'encrypt' | 'decrypt'; key: number[]; padding?: boolean }): Cipher;
  };
}
