import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API the dev and preview servers proxy `/api` to (the mock: API_URL=http://localhost:3999).
const apiUrl = process.env.API_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, once, at the best
 * levels: the API serves them by Accept-Encoding (@fastify/static `preCompressed`), with no
 * compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'meterline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the service worker is written (vite-plugin-pwa), so sw.js is compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            const content = fs.readFileSync(full);
            if (content.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: 9 }),
            ]);
            fs.writeFileSync(`${full}.br`, br);
            fs.writeFileSync(`${full}.gz`, gz);
          }),
        );
      },
    },
  };
}

/**
 * `virtual:public-texts/<language>`: the sections (and single texts) of a language that the pages seen before
 * signing in use (sign-in, password reset, error pages), taken from src/i18n/<language>.ts at build
 * time. The sign-in page downloads these (~2 KB gzip) instead of every text of the app (~15 KB);
 * the whole language comes with the signed-in layout (src/i18n/index.ts, app/router.tsx).
 * `virtual:sign-in-texts/<language>`: fewer still, those of the public sign-in shell alone
 * (app/public-shell.tsx), the first screen of a visit without a session.
 */
const TEXT_SUBSETS: Record<string, string[]> = {
  'public-texts': [
    'app',
    'common',
    'language',
    'auth',
    'errors',
    'forms',
    'tenants.signedOut',
    'users.signedOut',
    'profile.password.signInAgain',
  ],
  'sign-in-texts': [
    'app.name',
    'language',
    'auth.signIn',
    'auth.errors',
    'tenants.signedOut',
    'users.signedOut',
    'profile.password.signInAgain',
  ],
};

/** The `keys` (a section, or one text by its dotted path) of `texts`, in the same tree. */
function pickTexts(texts: Record<string, unknown>, keys: string[], file: string) {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const parts = key.split('.');
    const value = parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
    if (value === undefined) throw new Error(`${file} has no text ${key}`);
    let target = picked;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[parts.at(-1)!] = value;
  }
  return picked;
}
export function publicTexts(): Plugin {
  const pattern = /^virtual:(public-texts|sign-in-texts)\/(.*)$/;
  return {
    name: 'meterline-public-texts',
    resolveId(id) {
      return pattern.test(id) ? `\0${id}` : undefined;
    },
    async load(id) {
      const match = id.startsWith('\0') ? pattern.exec(id.slice(1)) : null;
      if (!match) return undefined;
      const [, subset = '', language = ''] = match;
      const keys = TEXT_SUBSETS[subset];
      if (!keys || !/^(en|ar)$/.test(language)) throw new Error(`No texts for "${subset}/${language}"`);
      const file = path.resolve(import.meta.dirname, `src/i18n/${language}.ts`);
      this.addWatchFile(file);
      const { code } = await transformWithOxc(fs.readFileSync(file, 'utf8'), file, { lang: 'ts' });
      const texts = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`))[language] as Record<
        string,
        unknown
      >;
      return `export const texts = ${JSON.stringify(pickTexts(texts, keys, `src/i18n/${language}.ts`))};`;
    },
  };
}

/**
 * The modules a signed-in screen always loads, whatever the page: the app (`src/app/app.tsx`:
 * router, queries, session) and the signed-in layout with the permission guard, each with its
 * static imports, read from the module graph once it is built. Each set becomes one chunk
 * (`codeSplitting.groups` below) instead of dozens of small shared ones: compressed together they
 * weigh ~14 KB gzip less. The layout's chunk leaves out what the pages seen before signing in
 * (`features/auth`, `features/errors`) import, so they never download the layout; the roots
 * themselves stay chunks of their own, the ones the router loads (and the bundle check reads).
 */
const SHELL_ROOTS = { app: ['src/app/app.tsx'], layout: ['src/app/layout/app-layout.tsx', 'src/app/require-permission.tsx'] };
const PUBLIC_PAGES = /\/src\/features\/(auth|errors)\/routes\/[^/]+-page\.tsx$/;
function shellChunks() {
  const members = { app: new Set<string>(), layout: new Set<string>(), shared: new Set<string>() };
  const plugin: Plugin = {
    name: 'meterline-shell-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const rootsOf = (paths: string[]) => ids.filter((id) => paths.some((root) => id.endsWith(`/${root}`)));
      const app = closure(rootsOf(SHELL_ROOTS.app));
      const publicPages = closure(ids.filter((id) => PUBLIC_PAGES.test(id)));
      const roots = new Set(rootsOf([...SHELL_ROOTS.app, ...SHELL_ROOTS.layout]));
      for (const id of app) if (!roots.has(id)) members.app.add(id);
      for (const id of closure(rootsOf(SHELL_ROOTS.layout))) {
        if (roots.has(id) || app.has(id)) continue;
        members[publicPages.has(id) ? 'shared' : 'layout'].add(id);
      }
    },
  };
  return { plugin, members };
}
const shell = shellChunks();

/** Preloads the Latin face of Montserrat (the sign-in page's text) from index.html. */
function preloadLatinFont(): Plugin {
  return {
    name: 'meterline-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => /montserrat-latin-wght-normal-[^/]+\.woff2$/.test(file));
        if (!font) return [];
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}

/**
 * The installable app (docs/offline.md): a web app manifest with the tenant-neutral name and the PNG icons
 * of public/icons (scripts/make-icons.mjs), and a Workbox service worker that precaches the shell
 * and every lazy chunk, so a collector's screens open with no network after one visit. API calls
 * are never cached by the worker: data offline is TanStack Query's persisted cache (IndexedDB).
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Meterline',
    short_name: 'Meterline',
    description: 'Meters, invoices and payments',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1e5eff',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell, every lazy page chunk, the fonts and the icons; never the .br/.gz twins or the API.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['**/node_modules/**', '.vite/**'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [],
  },
});

export default defineConfig({
  plugins: [react(), publicTexts(), shell.plugin, preloadLatinFont(), pwa, precompress()],
  base: '/',
  server: {
    port: 5173,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiUrl, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Every browser the app supports preloads modules itself: no polyfill on the first screen.
    modulePreload: {
      polyfill: false,
      // An endpoint of the contract imports its zod schemas on demand for the API alone: the web reads
      // only their types and never runs that import, so it carries no list of chunks to preload with
      // it (13 file names per endpoint group, ~0.5 KB gzipped each on every screen that calls one).
      resolveDependencies: (_file, deps, { hostId }) => (/(^|\/)endpoints-[^/]*\.js$/.test(hostId) ? [] : deps),
    },
    // Read by scripts/check-bundle-size.mjs: which chunks each screen loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every screen loads before its first render (React, the router, MUI's core,
        // i18next, TanStack Query) in one chunk: compressed together they weigh ~5 KB less than in
        // a dozen small chunks. Screen-specific libraries stay in their screens' chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'] },
            { name: 'app-shell', test: (id) => shell.members.app.has(id) },
            { name: 'layout-shared', test: (id) => shell.members.shared.has(id) },
            { name: 'layout', test: (id) => shell.members.layout.has(id) },
            // zod alone: the forms import their schemas on demand, each with only the contract modules it needs.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Each group of the contract's endpoints in a chunk of its own (`endpoints-customers`, …): a screen
            // loads the groups it calls, not every call of the app (still `endpoints-…`, so without a list of
            // chunks to preload).
            {
              name: (id) => {
                const group = /packages[\\/]contract[\\/]src[\\/]endpoints[\\/]([\w-]+)\.ts$/.exec(id)?.[1];
                return group ? `endpoints-${group}` : null;
              },
              test: /packages[\\/]contract[\\/]src[\\/]endpoints[\\/][\w-]+\.ts$/,
            },
            // The contract's endpoints in one chunk of their own, so their schemas' imports are known by it (modulePreload).
            { name: 'endpoints', test: /packages[\\/]contract[\\/]src[\\/]endpoints?[\\/.]/ },
          ],
        },
      },
    },
  },
});
