import { loadConfig } from '../config';
import { createPasswordHasher } from '../lib/password';
import { openDatabases } from '../db/client';
import { seedDemo } from './demo';

const config = loadConfig();
const databases = await openDatabases(config);
await databases.migrate();
const seeded = await seedDemo(databases, createPasswordHasher(config.argon2));
console.log(seeded ? 'Demo data created.' : 'The database already has tenants: nothing seeded.');
await databases.close();
