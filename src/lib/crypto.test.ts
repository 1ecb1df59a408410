import { describe, expect, it } from 'vitest';
import { rsaEncrypt } from './crypto';

const toPem = (der: ArrayBuffer) =>
  `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...new Uint8Array(der)))
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END PUBLIC KEY-----`;

describe('rsaEncrypt', () => {
  it('produces RSA-OAEP (SHA-256) ciphertext that the private key holder can decrypt', async () => {
    const keys = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const pem = toPem(await crypto.subtle.exportKey('spki', keys.publicKey));
    const cipher = await rsaEncrypt(pem, 'Xiaowu@2026 新密码');
    const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes);
    expect(new TextDecoder().decode(plain)).toBe('Xiaowu@2026 新密码');
  });

  it('rejects an unusable key', async () => {
    await expect(rsaEncrypt('not a key', 'x')).rejects.toThrow();
  });
});
