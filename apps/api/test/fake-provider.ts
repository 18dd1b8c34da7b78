import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake provider received, as it came. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An answer to give: a status and a JSON body, or `hang` (never answers: the caller's time-out). */
export type FakeAnswer = { status: number; body: unknown } | 'hang';

/**
 * A messaging provider on 127.0.0.1 at a random port (no internet in tests): it records every request
 * and answers from a queue per path (a path with nothing queued answers 200 `{}`).
 */
export async function startFakeProvider() {
  const received: ReceivedRequest[] = [];
  const answers = new Map<string, FakeAnswer[]>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.get(path)?.shift() ?? { status: 200, body: {} };
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Queues answers for a path, in order. */
    answer(path: string, ...queued: FakeAnswer[]) {
      answers.set(path, [...(answers.get(path) ?? []), ...queued]);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
