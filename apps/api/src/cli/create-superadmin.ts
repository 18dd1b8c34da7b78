import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { passwordSchema } from '@meterline/contract/auth';
import { formatErrorMessage } from '@meterline/contract/error-messages';
import { loadConfig } from '../config';
import { openDatabases } from '../db/client';
import { users } from '../db/schema/index';
import { createPasswordHasher } from '../lib/password';
import { passwordProblem } from '../lib/password-strength';
import { isUsernameTaken } from '../modules/users/users.repository';

/** Makes the first superadmin of a production deployment; asks for the password (or SUPERADMIN_PASSWORD). */
const muted = new Writable({ write: (_chunk, _encoding, callback) => callback() });
const ask = async (question: string, hidden = false) => {
  const rl = createInterface({ input: process.stdin, output: hidden ? muted : process.stdout, terminal: hidden });
  if (hidden) process.stdout.write(question);
  const answer = await rl.question(hidden ? '' : question);
  rl.close();
  if (hidden) process.stdout.write('\n');
  return answer.trim();
};

const config = loadConfig();
const username = process.env.SUPERADMIN_USERNAME ?? ((await ask('Username [superadmin]: ')) || 'superadmin');
const email = process.env.SUPERADMIN_EMAIL ?? (await ask('Email: '));
const password = process.env.SUPERADMIN_PASSWORD ?? (await ask('Password: ', true));
const checked = passwordSchema.safeParse(password);
if (!checked.success) {
  console.error(checked.error.issues.map((issue) => issue.message).join('\n'));
  process.exit(1);
}
// The superadmin belongs to no client: of the names, only the product's is refused.
const problem = passwordProblem(password, [username, email]);
if (problem) {
  console.error(formatErrorMessage(problem, 'en'));
  process.exit(1);
}
const databases = await openDatabases(config);
await databases.migrate();
if (await isUsernameTaken(databases.default, username)) {
  console.error(`A user named "${username}" already exists.`);
  await databases.close();
  process.exit(1);
}
const passwordHash = await createPasswordHasher(config.argon2).hash(password);
await databases.default
  .insert(users)
  .values({ username, email, passwordHash, role: 'superadmin', isSuperuser: true, firstName: '', lastName: '' });
console.log(`Superadmin "${username}" created.`);
await databases.close();
