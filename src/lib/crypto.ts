import { utf8BinaryString } from '../../contracts/session';

/**
 * RSA encryption of secrets (SPEC §7: change password sends both passwords RSA-encrypted with the
 * key from POST /api/security/get). OAEP with SHA-256 through jsencrypt's `encryptOAEP`
 * (TOOLCHAIN: Node 20 refuses PKCS#1 v1.5 private decryption). Loaded lazily: jsencrypt stays out
 * of the login chunk.
 */
export async function rsaEncrypt(publicKeyPem: string, plain: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKeyPem);
  // encryptOAEP reads each character code as one byte: hand it the UTF-8 bytes (the contract's
  // helper), so passwords with non-ASCII characters decrypt to the same text on the server.
  const out = encryptor.encryptOAEP(utf8BinaryString(plain));
  if (out === false) throw new Error('RSA encryption failed');
  return out;
}
