// Typechecks each TypeScript project of the repository (one tsc per project: they differ in libs
// and JSX). The compiler is TypeScript 7 (the native one, `typescript-7` in the root's
// devDependencies): it checks the same code as 5.9, several times faster and across cores
// (docs/testing.md, "The toolchain"). TypeScript 5.9 stays installed as `typescript` for
// typescript-eslint, whose parser needs its JavaScript API.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
const projects = ['packages/contract', 'apps/api', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  if (!fs.existsSync(`${project}/tsconfig.json`)) continue;
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
  console.log(`typecheck ${project}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
