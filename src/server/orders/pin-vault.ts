import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { PinDetail } from '../topups/provider';

/** Seals a PIN product's PIN for storage and opens it again for its owner; nothing else reads it. */
export interface PinVault {
  seal(pin: PinDetail): string;
  open(sealed: string): PinDetail;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a key derived (HKDF-SHA256) from the server's secret, so the PIN is unreadable in the database
 * and in its backups. The stored text is `v1.<iv>.<tag>.<ciphertext>`, base64url; a changed byte fails to open.
 */
export function createPinVault(secret: string): PinVault {
  const key = Buffer.from(hkdfSync('sha256', secret, 'globaltopup', 'order-pin-detail', 32));
  return {
    seal(pin) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(JSON.stringify(pin), 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(text) {
      const [version, iv, tag, sealed] = text.split('.');
      if (version !== VERSION || !iv || !tag || sealed === undefined) throw new Error('Not a sealed PIN');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const json = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      return JSON.parse(json) as PinDetail;
    },
  };
}
