import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '@meterline/contract/invariant';
import { auditLog, uploads, users } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, fieldsOf, type Client, type TestContext } from '../../../test/harness';
import { buildMultipart, HTML_PAGE, JPEG_HEAD, PNG_1X1, SVG_WITH_SCRIPT, WEBP_HEAD } from '../../../test/multipart';

let context: TestContext;
let fixture: Fixture;
let aSupport: Client;

const AVATAR_URL = '/api/auth/users/me/avatar/';

beforeAll(async () => {
  context = await createTestContext({ aliases: ['second'], env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  // Tenant B lives on another database: its pictures must be stored and served from there.
  fixture = await createFixture(context, { tenantBAlias: 'second' });
  aSupport = await fixture.as('a.support');
});
afterAll(async () => context?.close());

const upload = (client: Client, data: Buffer, filename = 'me.png', contentType = 'image/png', field = 'avatar') => {
  const { payload, headers } = buildMultipart({}, { [field]: { filename, contentType, data } });
  return client.request({ method: 'POST', url: AVATAR_URL, payload, headers });
};
/** Media is served to the signed-in users of its tenant only (docs/security.md): A's support user unless told. */
const media = (url: string, client: Client = aSupport) => client.get(url);
const avatarOf = async (userId: number) => (await context.db.select().from(users).where(eq(users.id, userId)))[0]?.avatar ?? null;

describe('own picture upload (issue 17, item 7)', () => {
  it('takes a PNG, a JPEG and a WebP by their content whatever their name; avatar is a URL the app serves', async () => {
    const cases: [Buffer, string, string, string][] = [
      [PNG_1X1, 'photo.jpg', 'image/jpeg', 'png'],
      [JPEG_HEAD, 'photo.gif', 'image/gif', 'jpg'],
      [WEBP_HEAD, 'photo.bin', 'application/octet-stream', 'webp'],
    ];
    for (const [data, filename, contentType, extension] of cases) {
      const response = await upload(aSupport, data, filename, contentType);
      expect(response.statusCode, response.body).toBe(200);
      const avatar = response.json().avatar as string;
      expect(avatar).toMatch(new RegExp(`^/api/media/${fixture.tenantA.id}-[0-9a-f]{32}\\.${extension}$`));
      expect(response.json().id).toBe(fixture.tenantA.users.support);
      const image = await media(avatar);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe({ png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }[extension]);
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(image.rawPayload, data)).toBe(0);
      // The user's JSON keeps `avatar` as a URL string, in me/ too.
      expect((await aSupport.get('/api/auth/users/me/')).json().avatar).toBe(avatar);
    }
  });

  it('replacing or removing the picture deletes the old file (its URL answers 404)', async () => {
    const firstUrl = (await upload(aSupport, PNG_1X1)).json().avatar as string;
    const secondUrl = (await upload(aSupport, WEBP_HEAD, 'x.webp', 'image/webp')).json().avatar as string;
    expect((await media(firstUrl)).statusCode).toBe(404);
    expect((await media(secondUrl)).statusCode).toBe(200);
    const removed = await aSupport.delete(AVATAR_URL);
    expect(removed.statusCode).toBe(204);
    expect((await media(secondUrl)).statusCode).toBe(404);
    expect((await aSupport.get('/api/auth/users/me/')).json().avatar).toBeNull();
    expect(await context.db.select().from(uploads).where(eq(uploads.tenantId, fixture.tenantA.id))).toEqual([]);
    // Nothing to remove: still 204, nothing recorded.
    expect((await aSupport.delete(AVATAR_URL)).statusCode).toBe(204);
  });

  it('refuses a text file named .png (and SVG, HTML, GIF, empty) with a 400 avatar_type on avatar, keeping the picture', async () => {
    const kept = (await upload(aSupport, PNG_1X1)).json().avatar as string;
    const refused: [Buffer, string, string, string][] = [
      [Buffer.from('just some text, not a picture'), 'picture.png', 'image/png', 'avatar_type'],
      [SVG_WITH_SCRIPT, 'picture.svg', 'image/svg+xml', 'avatar_type'],
      [HTML_PAGE, 'picture.png', 'image/png', 'avatar_type'],
      [Buffer.from('GIF89a....'), 'picture.gif', 'image/gif', 'avatar_type'],
      [Buffer.alloc(0), 'picture.png', 'image/png', 'avatar_empty'],
    ];
    for (const [data, filename, contentType, code] of refused) {
      const response = await upload(aSupport, data, filename, contentType);
      expect(response.statusCode, filename).toBe(400);
      expect(response.json().code).toBe(code);
      expect(fieldsOf(response.json())).toEqual(['avatar']);
    }
    const text = await upload(aSupport, Buffer.from('just some text, not a picture'), 'picture.png');
    expect(text.json().avatar).toEqual(['The picture must be a PNG, JPEG or WebP image.']);
    const form = buildMultipart({}, { avatar: { filename: 'p.png', contentType: 'image/png', data: Buffer.from('text') } });
    const arabic = await aSupport.request({
      method: 'POST',
      url: AVATAR_URL,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'ar' },
    });
    expect(arabic.json().avatar).toEqual(['يجب أن تكون الصورة بصيغة PNG أو JPEG أو WebP.']);
    expect((await aSupport.get('/api/auth/users/me/')).json().avatar).toBe(kept);
  });

  it('refuses a picture over 2 MB with a 400 avatar_too_large, not a 413 or a 500; 2 MB exactly is taken', async () => {
    const tooBig = await upload(aSupport, Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ code: 'avatar_too_large', avatar: ['The picture is too large: at most 2 MB.'] });
    const huge = await upload(aSupport, Buffer.concat([PNG_1X1, Buffer.alloc(20 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('avatar_too_large');
    const atLimit = await upload(aSupport, Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024 - PNG_1X1.length)]));
    expect(atLimit.statusCode).toBe(200);
  });

  it('refuses a body without the file, another file field and JSON with 400s, never a 500', async () => {
    const json = await aSupport.post(AVATAR_URL, { avatar: 'https://example.com/me.png' });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('avatar_missing');
    const other = await upload(aSupport, PNG_1X1, 'me.png', 'image/png', 'logo');
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other.json())).toEqual(['logo']);
    const empty = await aSupport.request({ method: 'POST', url: AVATAR_URL, ...buildMultipart({}) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('avatar_missing');
  });

  it('changes only the caller: another user of the same tenant keeps their picture', async () => {
    const aAdmin = await fixture.as('a.admin');
    const adminUrl = (await upload(aAdmin, PNG_1X1)).json().avatar as string;
    await upload(aSupport, JPEG_HEAD);
    expect(await avatarOf(fixture.tenantA.users.admin)).toBe(adminUrl);
    await aSupport.delete(AVATAR_URL);
    expect(await avatarOf(fixture.tenantA.users.admin)).toBe(adminUrl);
    expect((await media(adminUrl)).statusCode).toBe(200);
  });

  it('keeps the file while another user shows the same address (an address can still be typed in)', async () => {
    const aAdmin = await fixture.as('a.admin');
    const shared = (await upload(aAdmin, PNG_1X1)).json().avatar as string;
    const put = await aSupport.put(`/api/auth/users/${fixture.tenantA.users.support}/`, { avatar: shared });
    expect(put.statusCode).toBe(200);
    expect(put.json().avatar).toBe(shared);
    await upload(aAdmin, WEBP_HEAD);
    expect((await media(shared)).statusCode).toBe(200);
    // Typing another address releases the last user of the file.
    await aSupport.put(`/api/auth/users/${fixture.tenantA.users.support}/`, { avatar: 'https://example.com/me.png' });
    expect((await media(shared)).statusCode).toBe(404);
    expect(await avatarOf(fixture.tenantA.users.support)).toBe('https://example.com/me.png');
  });

  it("never lets a user of tenant A read tenant B's picture", async () => {
    const bAdmin = await fixture.as('b.admin');
    const bUrl = (await upload(bAdmin, PNG_1X1)).json().avatar as string;
    const bName = bUrl.replace('/api/media/', '');
    // Stored on B's database only.
    const second = context.databases.get('second');
    expect((await second.select().from(uploads).where(eq(uploads.name, bName))).length).toBe(1);
    expect((await context.db.select().from(uploads).where(eq(uploads.name, bName))).length).toBe(0);

    const aAdmin = await fixture.as('a.admin');
    // A cannot learn the address: B's user is not found, and A's list holds only A's users.
    expect((await aAdmin.get(`/api/auth/users/${fixture.tenantB.users.admin}/`)).statusCode).toBe(404);
    const listed = (await aAdmin.get('/api/auth/users/?page_size=100')).json().results as { avatar: string | null }[];
    expect(listed.map((user) => user.avatar)).not.toContain(bUrl);
    // A's tenant id on B's random name finds nothing: the file is looked up in its own tenant only.
    const forged = `/api/media/${fixture.tenantA.id}-${defined(/-([0-9a-f]{32}\.png)$/.exec(bName)?.[1], 'the random part')}`;
    expect((await media(forged)).statusCode).toBe(404);
    // A's uploads and removals never touch B's file.
    await upload(aAdmin, JPEG_HEAD);
    await aAdmin.put(`/api/auth/users/${fixture.tenantA.users.admin}/`, { avatar: bUrl });
    await aAdmin.delete(AVATAR_URL);
    expect((await media(bUrl, bAdmin)).statusCode).toBe(200);
    // A's users cannot read it by its address either; nobody can without signing in.
    expect((await media(bUrl, aAdmin)).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: bUrl })).statusCode).toBe(401);
    expect(await avatarOf(fixture.tenantB.users.admin)).toBe(bUrl);
  });

  it('refuses the superadmin (no tenant database to keep the file in) with a 400 avatar_no_tenant', async () => {
    const superadmin = await fixture.as('superadmin');
    const response = await upload(superadmin, PNG_1X1);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('avatar_no_tenant');
    expect((await superadmin.delete(AVATAR_URL)).statusCode).toBe(204);
  });

  it('answers 401 without a session', async () => {
    const { payload, headers } = buildMultipart({}, { avatar: { filename: 'a.png', contentType: 'image/png', data: PNG_1X1 } });
    expect((await context.app.inject({ method: 'POST', url: AVATAR_URL, payload, headers })).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'DELETE', url: AVATAR_URL })).statusCode).toBe(401);
  });

  it('records the change once, in default with the tenant, without the bytes', async () => {
    const before = await context.db.select().from(auditLog).where(eq(auditLog.action, 'update_avatar'));
    const url = (await upload(aSupport, PNG_1X1)).json().avatar as string;
    const rows = await context.db.select().from(auditLog).where(eq(auditLog.action, 'update_avatar'));
    expect(rows.length).toBe(before.length + 1);
    const row = defined(rows.at(-1), 'the audit row');
    expect(row).toMatchObject({ entity: 'user', entityId: String(fixture.tenantA.users.support), tenantId: fixture.tenantA.id });
    expect((row.after as { avatar: string }).avatar).toBe(url);
    expect(JSON.stringify(rows)).not.toContain(PNG_1X1.toString('base64'));
  });
});

describe('a typed avatar address (issue 33)', () => {
  it("takes an https: address or the app's own media URL; refuses javascript:, data:, http: and the rest with a 400 on avatar in the caller's language", async () => {
    const url = `/api/auth/users/${fixture.tenantA.users.support}/`;
    const uploaded = (await upload(aSupport, PNG_1X1)).json().avatar as string;
    for (const good of ['https://example.com/me.png', 'HTTPS://cdn.example.org/a/b.webp?size=64', uploaded]) {
      const put = await aSupport.put(url, { avatar: good });
      expect(put.statusCode, `${good}: ${put.body}`).toBe(200);
      expect(put.json().avatar).toBe(good);
    }
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:text/html,<script>alert(1)</script>',
      'http://example.com/me.png',
      '//example.com/me.png',
      'https://user:secret@example.com/me.png',
      'https:example.com/me.png',
      ' https://example.com/me.png',
      'https://example.com/a b.png',
      'vbscript:msgbox(1)',
      'ftp://example.com/me.png',
      '/api/media/../../etc/passwd',
      '/api/auth/users/me/',
      `${uploaded}?x=1`,
      'me.png',
      '',
    ];
    for (const bad of refused) {
      const put = await aSupport.put(url, { avatar: bad });
      expect(put.statusCode, bad).toBe(400);
      expect(put.json(), bad).toMatchObject({
        code: 'avatar_address',
        avatar: ['Enter an https:// picture address, or upload a picture.'],
      });
    }
    const arabic = await aSupport.put(url, { avatar: 'javascript:alert(1)' }, { 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().avatar).toEqual(['أدخل عنوان صورة يبدأ بـ https://، أو ارفع صورة.']);
    // Nothing refused was stored; null still removes the picture.
    expect(await avatarOf(fixture.tenantA.users.support)).toBe(uploaded);
    expect((await aSupport.put(url, { avatar: null })).json().avatar).toBeNull();
  });
});
