// Typechecks each TypeScript project of the repository (tsc per project: they differ in libs and JSX).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const projects = ['packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  if (!fs.existsSync(`${project}/tsconfig.json`)) continue;
  const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
