import { randomInt } from 'node:crypto';

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A new password shown once (`np`): 12 characters without look-alikes (0/O, 1/l/I). */
export function generatePassword(length = 12): string {
  let password = '';
  while (password.length < length || /^\d+$/.test(password)) {
    if (password.length >= length) password = '';
    password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  }
  return password;
}
