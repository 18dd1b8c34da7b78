import { loadConfig } from '../config';
import { openDatabases } from './client';

const config = loadConfig();
const databases = await openDatabases(config);
await databases.migrate();
console.log(`Migrated: ${databases.aliases.join(', ')}`);
await databases.close();
