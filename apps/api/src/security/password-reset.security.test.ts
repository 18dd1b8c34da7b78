import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { loadConfig } from '../config';
import { createMailer } from '../lib/mailer';
import { createFixture, TEST_PASSWORD, type Fixture } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext({ env: { RESET_REQUESTS_PER_IP_PER_HOUR: '10', RESET_REQUESTS_PER_EMAIL_PER_HOUR: '3' } });
  fixture = await createFixture(context);
});
afterAll(async () => context?.close());

const requestReset = (email: string, ip: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/users/reset_password/', payload: { email }, remoteAddress: ip });

describe('password reset requests', () => {
  it('a known and an unknown address answer alike, also when the mail server is down or hangs', async () => {
    const send = context.mailer.send;
    try {
      context.mailer.send = vi.fn(async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      });
      const down = [await requestReset('a.admin@example.com', '10.20.0.1'), await requestReset('nobody@example.com', '10.20.0.1')];
      // A mail server that never answers: the request does not wait for it.
      context.mailer.send = vi.fn(() => new Promise<void>(() => undefined));
      const hanging = [await requestReset('a.accountant@example.com', '10.20.0.2'), await requestReset('nobody2@example.com', '10.20.0.2')];
      const answers = [...down, ...hanging];
      console.log(
        `reset-enumeration: statuses=${answers.map((answer) => answer.statusCode).join(',')} same-bodies=${new Set(answers.map((answer) => answer.body)).size === 1}`,
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      await vi.waitFor(() => expect(context.mailer.send).toHaveBeenCalledTimes(1));
    } finally {
      context.mailer.send = send;
    }
  });

  it('throttled per address and per IP', async () => {
    const perEmail = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      perEmail.push((await requestReset('b.admin@example.com', `10.21.0.${attempt}`)).statusCode);
    expect(perEmail).toEqual([204, 204, 204, 429]);
    const perIp = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      perIp.push((await requestReset(`someone${attempt}@example.com`, '10.22.0.1')).statusCode);
    console.log(
      `reset-throttle: per-email=${perEmail.filter((code) => code === 204).length}/4 per-ip=${perIp.filter((code) => code === 204).length}/11`,
    );
    expect(perIp.slice(0, 10).every((code) => code === 204)).toBe(true);
    expect(perIp[10]).toBe(429);
  });
});

describe('the outbox', () => {
  it('lives under DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/meterline' }).outboxDir).toBe('/srv/meterline/outbox');
    expect(loadConfig({ DATA_DIR: '/srv/meterline', OUTBOX_DIR: '/var/mail/out' }).outboxDir).toBe('/var/mail/out');
  });

  it('keeps every one of 20 messages sent at once to one address', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: null, from: 'Meterline <a@b.c>', outboxDir });
      await Promise.all(
        Array.from({ length: 20 }, (_, index) => mailer.send({ to: 'same@example.com', subject: 's', text: `message ${index}` })),
      );
      const files = fs.readdirSync(outboxDir);
      expect(files).toHaveLength(20);
      const texts = new Set(files.map((file) => fs.readFileSync(path.join(outboxDir, file), 'utf8')));
      expect(texts.size).toBe(20);
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('weak passwords are refused wherever a password is set', () => {
  it('new user, own change, emailed reset', async () => {
    const admin = await fixture.as('a.admin');
    for (const weak of ['password', 'aaaaaaaa']) {
      const created = await admin.post('/api/auth/users/', { username: `weak.${weak}`, password: weak, role: 'collector' });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ password: ['This password is too common or too easy to guess.'], code: 'password_too_weak' });
    }
    // The user's own name is not a password either.
    const ownName = await admin.post('/api/auth/users/', {
      username: 'rosalind.franklin',
      password: 'rosalind.franklin',
      role: 'collector',
    });
    expect(ownName.statusCode).toBe(400);
    expect(
      (await admin.post('/api/auth/users/', { username: 'strong.one', password: 'cedar-river-lantern-7', role: 'collector' })).statusCode,
    ).toBe(201);

    const own = await admin.post('/api/auth/users/set_password/', { current_password: TEST_PASSWORD, new_password: 'aaaaaaaa' });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('password_too_weak');

    context.mailer.sent.length = 0;
    expect((await requestReset('a.support@example.com', '10.23.0.1')).statusCode).toBe(204);
    await vi.waitFor(() => expect(context.mailer.sent).toHaveLength(1));
    const link = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(first(context.mailer.sent).text)!;
    const confirm = (password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/users/reset_password_confirm/',
        payload: { uid: link[1], token: link[2], new_password: password },
      });
    const weak = await confirm('password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('new_password');
    expect((await confirm('cedar-river-lantern-8')).statusCode).toBe(204);
  });
});

describe("the product's and the client's names are refused as passwords wherever a password is set (issue 33)", () => {
  const IS_NAME = 'This password is the name of the product or of the client: choose another.';

  it('new user (also the first admin of a new client), own change, emailed reset: 400 password_is_name on the field', async () => {
    const admin = await fixture.as('a.admin');
    // Tenant A is "Tenant A", slug "tenant-a": case, spaces, digits and punctuation aside.
    for (const name of ['meterline', 'Meterline2026!', ' METER-LINE 1 ', 'Tenant A 2026!', 'tenant-a!!99', 'TENANT-A']) {
      const created = await admin.post('/api/auth/users/', { username: 'named.one', password: name, role: 'collector' });
      expect(created.statusCode, name).toBe(400);
      expect(created.json(), name).toMatchObject({ password: [IS_NAME], code: 'password_is_name' });
    }
    const arabic = await admin.post(
      '/api/auth/users/',
      { username: 'named.one', password: 'Meterline2026!', role: 'collector' },
      { 'accept-language': 'ar' },
    );
    expect(arabic.json().password).toEqual(['كلمة المرور هذه هي اسم المنتج أو اسم العميل: اختر كلمة مرور أخرى.']);
    // Another client's name is no name of this one (zxcvbn still judges it), and a longer phrase holding the name is no name.
    expect(
      (await admin.post('/api/auth/users/', { username: 'named.two', password: 'Tenant B 2026!', role: 'collector' })).json().code,
    ).not.toBe('password_is_name');
    expect(
      (await admin.post('/api/auth/users/', { username: 'named.three', password: 'meterline-cedar-lantern-7', role: 'collector' }))
        .statusCode,
    ).toBe(201);

    // A new client's first admin, created by the superadmin.
    const superadmin = await fixture.as('superadmin');
    const tenant = await superadmin.post('/api/tenants/', { name: 'Blue River Power', slug: 'blue-river' });
    expect(tenant.statusCode, tenant.body).toBe(201);
    const firstAdmin = (password: string) =>
      superadmin.post(`/api/tenants/${tenant.json().id}/users/`, { username: 'blue.admin', password, role: 'admin' });
    for (const name of ['Blue River Power 2026', 'blue-river!', 'Meterline2026!']) {
      const refused = await firstAdmin(name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json(), name).toMatchObject({ password: [IS_NAME], code: 'password_is_name' });
    }
    expect((await firstAdmin('cedar-river-lantern-10')).statusCode).toBe(201);

    for (const name of ['Meterline2026!', 'tenant a']) {
      const own = await admin.post('/api/auth/users/set_password/', { current_password: TEST_PASSWORD, new_password: name });
      expect(own.statusCode, name).toBe(400);
      expect(own.json(), name).toMatchObject({ new_password: [IS_NAME], code: 'password_is_name' });
    }

    context.mailer.sent.length = 0;
    expect((await requestReset('a.collector@example.com', '10.24.0.1')).statusCode).toBe(204);
    await vi.waitFor(() => expect(context.mailer.sent).toHaveLength(1));
    const link = /\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(first(context.mailer.sent).text)!;
    const confirm = await context.app.inject({
      method: 'POST',
      url: '/api/auth/users/reset_password_confirm/',
      payload: { uid: link[1], token: link[2], new_password: 'Meterline 2026' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ new_password: [IS_NAME], code: 'password_is_name' });
  });

  it("create-superadmin refuses the product's name before it opens a database", () => {
    // An empty data directory of its own: were the password taken, the superadmin would land there.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-superadmin-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/create-superadmin.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        encoding: 'utf8',
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
          SUPERADMIN_USERNAME: 'root',
          SUPERADMIN_EMAIL: 'root@example.com',
          SUPERADMIN_PASSWORD: 'Meterline2026!',
        },
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(IS_NAME);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
