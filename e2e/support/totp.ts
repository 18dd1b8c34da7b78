import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { defined } from './invariant';

function decodeBase32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = secret.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not a base32 secret: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) bytes.push(parseInt(bits.slice(index, index + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as authenticator apps and otplib compute it. */
export function totp(secret: string, atMs: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const hmac = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const offset = defined(hmac.at(-1), 'an HMAC-SHA1 digest (20 bytes)') & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/** OTPADMIN_SECRET, else the base32 secret printed next to `otpadmin` in the README. */
export function otpadminSecret(): string | null {
  if (process.env.OTPADMIN_SECRET) return process.env.OTPADMIN_SECRET;
  const readme = new URL('../../README.md', import.meta.url);
  if (!existsSync(readme)) return null;
  const match = /otpadmin[^\n]*?\b([A-Z2-7]{16,})\b/.exec(readFileSync(readme, 'utf8'));
  return match?.[1] ?? null;
}

export function hasOtpadminCode(): boolean {
  return Boolean(process.env.OTPADMIN_CODE || otpadminSecret());
}

/** The one-time code for `otpadmin`: a fixed OTPADMIN_CODE (mock servers) or one from the secret. */
export function otpadminCode(): string {
  if (process.env.OTPADMIN_CODE) return process.env.OTPADMIN_CODE;
  const secret = otpadminSecret();
  if (!secret) throw new Error('Set OTPADMIN_SECRET (printed in the README) to run the one-time code journey.');
  return totp(secret);
}
