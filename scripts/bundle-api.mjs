// The API as one JavaScript file for `npm start` (~60 MB less per process, docs/performance.md): esbuild compiles apps/api/src and the
// contract (imported as TypeScript source) once at start, in ~0.3 s, into apps/api/dist/server.mjs;
// packages stay in node_modules. Running that file instead of the sources through tsx's loader
// takes ~60 MB less memory per process (no loader thread, no per-module transform), the same code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundle is written (a worker of a cluster imports the one its primary wrote). */
export const API_BUNDLE = path.join(root, 'apps/api/dist/server.mjs');

export async function bundleApi() {
  const result = await build({
    entryPoints: [path.join(root, 'apps/api/src/server.ts')],
    bundle: true,
    write: false,
    outfile: API_BUNDLE,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Packages that are written in CommonJS call require() inside the bundle.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    plugins: [
      {
        name: 'meterline-api',
        setup(bundler) {
          // Every package but the workspace's own (TypeScript source) is loaded from node_modules.
          bundler.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@meterline/') ? undefined : { path: args.path, external: true },
          );
          // Paths made from a module's own location (the migrations folder, the repository root)
          // stay those of its source file.
          bundler.onLoad({ filter: /\.ts$/ }, async (args) => ({
            contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  // esbuild answers from a child process that would otherwise stay for the API's life (~45 MB).
  await stop();
  const [output] = result.outputFiles;
  fs.mkdirSync(path.dirname(API_BUNDLE), { recursive: true });
  // Written aside then renamed: a process starting at the same time never reads half a file.
  const partial = `${API_BUNDLE}.${process.pid}.tmp`;
  fs.writeFileSync(partial, output.contents);
  fs.renameSync(partial, API_BUNDLE);
  return API_BUNDLE;
}
