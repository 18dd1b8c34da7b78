import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { cacheControlFor } from './app';

let context: TestContext;
let webDist: string;
const script = `console.log(${JSON.stringify('meterline '.repeat(300))});\n`;

beforeAll(async () => {
  // A built web app as apps/web/vite.config.ts writes it: hashed assets with .br and .gz beside them.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Meterline</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The installable app's files (vite-plugin-pwa): the service worker, its Workbox runtime, the manifest.
  fs.writeFileSync(path.join(webDist, 'sw.js'), script);
  fs.writeFileSync(path.join(webDist, 'sw.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDist, 'workbox-9c191d2f.js'), script);
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Meterline', start_url: '/' }));
  const asset = path.join(webDist, 'assets', 'index-D6wFh6Hk.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  context = await createTestContext({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await context?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  context.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('the built web app, served by the API', () => {
  it('sends the precompressed file the browser accepts, brotli first', async () => {
    const brotli = await get('/assets/index-D6wFh6Hk.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-D6wFh6Hk.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-D6wFh6Hk.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed files for a year and revalidates index.html and unhashed files', async () => {
    expect((await get('/assets/index-D6wFh6Hk.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard', '/invoices/12', '/favicon.svg']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/', 'br')).body).toContain('<div id="root">');
  });

  it('serves the service worker and the manifest revalidated, with their content types', async () => {
    const worker = await get('/sw.js', 'br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    const runtime = await get('/workbox-9c191d2f.js');
    expect(runtime.headers['content-type']).toMatch(/javascript/);
    expect(runtime.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Meterline' });
  });

  it('tells hashed build files from the others', () => {
    expect(cacheControlFor('assets/data-grid-view-C5X8Aom2.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/montserrat-latin-wght-normal-l_AIctKy.woff2')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('assets/index-D6wFh6Hk.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('index.html.gz')).toBe('no-cache');
    expect(cacheControlFor('favicon.svg')).toBe('no-cache');
    expect(cacheControlFor('sw.js')).toBe('no-cache');
    expect(cacheControlFor('sw.js.br')).toBe('no-cache');
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
  });
});
