import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatErrorMessage } from '@meterline/contract/error-messages';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Requests refused before any route runs (docs/api.md): by the router (a path parameter longer than
 * `maxParamLength`, a path that cannot be decoded) or by Node's HTTP parser (a request line and
 * headers over `maxHeaderSize`, bytes that are no HTTP). Sent over a real socket: `app.inject`
 * skips Node's parser. Each answer must be JSON in the API's shape, in the caller's language when
 * it is known, and never carry back what was sent.
 */
let context: TestContext;
let port: number;

beforeAll(async () => {
  context = await createTestContext();
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  port = (context.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => context?.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is and reads the answer until the server closes (or the answer is whole). */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // A keep-alive answer ends at its Content-Length.
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split));
      if (split !== -1 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) {
        socket.destroy();
        finish();
      }
    });
    // The server may reset a connection it stopped reading: what arrived before still counts.
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.write(request);
  });
}

const get = (target: string, headers: string[] = []) =>
  raw([`GET ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, 'Connection: close', '', ''].join('\r\n'));

/** The API's shape: `{detail, code}` (`{field: [...], code, errors}` for a 400), JSON, nothing echoed. */
function expectApiError(answer: RawAnswer, status: number, code: string, echoed: string[]) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body.code).toBe(code);
  if (status === 400) expect(body.errors).toEqual([expect.objectContaining({ code })]);
  else expect(typeof body.detail).toBe('string');
  for (const text of echoed) expect(answer.body).not.toContain(text);
  expect(answer.body).not.toMatch(/FST_|HPE_|statusCode|stack/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('errors answered before routing have the API shape and echo nothing (issue 33)', () => {
  it('a path parameter over the router limit (100 characters) is a 414 uri_too_long, in the caller language', async () => {
    const name = `1-${'a'.repeat(300)}.png`;
    const english = await get(`/api/media/${name}`);
    expectApiError(english, 414, 'uri_too_long', [name, 'aaaaaaaaaa']);
    expect(JSON.parse(english.body).detail).toBe('The address of the request is too long.');
    const arabic = await get(`/api/services/1/customers/${'9'.repeat(200)}/`, ['Accept-Language: ar']);
    expectApiError(arabic, 414, 'uri_too_long', ['9999999999']);
    expect(JSON.parse(arabic.body).detail).toBe('عنوان الطلب طويل جدًا.');
  });

  it('a path that cannot be decoded names nothing: 404 not_found, not echoed', async () => {
    const answer = await get('/api/services/1/customers/%E0%A4%A-secret/');
    expectApiError(answer, 404, 'not_found', ['%E0%A4%A', 'secret']);
  });

  it("a URL over 64 KB and a huge header set are 431 headers_too_large from Node's parser, JSON, nothing echoed", async () => {
    const longUrl = `/api/customers/?search=${'s'.repeat(70 * 1024)}`;
    const url = await get(longUrl);
    expectApiError(url, 431, 'headers_too_large', ['ssssssssss']);
    expect(JSON.parse(url.body).detail).toBe('The address or the headers of the request are too large.');

    const many = Array.from({ length: 200 }, (_, index) => `X-Filler-${index}: ${'h'.repeat(200)}`);
    const headers = await get('/api/auth/users/me/', ['Accept-Language: ar', ...many]);
    expectApiError(headers, 431, 'headers_too_large', ['hhhhhhhhhh', 'X-Filler']);
    // The language is read from the part of the request the parser saw, when it holds it.
    expect(JSON.parse(headers.body).detail).toBe('عنوان الطلب أو ترويساته كبيرة جدًا.');
    console.log(
      `pre-routing-errors: long-param=414 undecodable-path=404 url-70kb=${url.status} headers-40kb=${headers.status} json=true echoed=false`,
    );
  });

  it("an unknown API path is a 404 not_found in the caller's language, the path not echoed", async () => {
    const answer = await get('/api/no-such-thing-here/', ['Accept-Language: ar']);
    expectApiError(answer, 404, 'not_found', ['no-such-thing']);
    expect(JSON.parse(answer.body).detail).toBe(formatErrorMessage('not_found', 'ar'));
  });

  it('bytes that are no HTTP are a 400 request_unreadable in the API shape', async () => {
    const answer = await raw('HELLO /<script>alert(1)</script> HTTP/1.1\r\nHost: x\r\n\r\n');
    expectApiError(answer, 400, 'request_unreadable', ['<script>', 'HELLO']);
    expect(JSON.parse(answer.body).non_field_errors).toEqual(['The request could not be read.']);
  });
});
