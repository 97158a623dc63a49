import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_LENGTH = 40;

/** A new API key: 40 random base62 characters (rejection sampling keeps every character uniform). */
export function generateApiKey(): string {
  let key = '';
  while (key.length < API_KEY_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && key.length < API_KEY_LENGTH) key += BASE62[byte % 62];
    }
  }
  return key;
}

/** Keys are stored and looked up only by this hash. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}
