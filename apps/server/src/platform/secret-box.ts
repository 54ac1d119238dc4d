import crypto from 'node:crypto';

/**
 * AES-256-GCM sealing of a secret kept in the database: `v1:<iv>:<tag>:<data>` (base64 parts, a random 96-bit
 * IV per seal). The key comes from config and never reaches the database, so a copy of the database alone
 * reveals nothing; the tag makes a tampered value fail to open instead of opening to something else.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const SEALED = /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]*$/;

/** Whether a stored value is sealed (rows written before sealing was introduced are not). */
export const isSealed = (stored: string) => SEALED.test(stored);

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:${data.toString('base64')}`;
    },
    open(sealed) {
      if (!isSealed(sealed)) throw new Error('not a sealed value');
      const [, iv, tag, data] = sealed.split(':');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64'));
      decipher.setAuthTag(Buffer.from(tag!, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data!, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
