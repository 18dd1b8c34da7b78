import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '@meterline/contract/invariant';
import { meterReadings, uploads } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, fieldsOf, type Client, type TestContext } from '../../../test/harness';
import { servicePath } from '../../../test/billing';
import { HTML_PAGE, JPEG_HEAD, PNG_1X1 } from '../../../test/multipart';

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let bAdmin: Client;

const path = (rest: string) => servicePath(fixture.tenantA, rest);

async function newMeter(name: string): Promise<number> {
  const bundle = (await admin.post(path('bundles/'), { name: `Photo ${name}`, price: '10', unit_price: '0.2' })).json().id as number;
  const customer = (await admin.post(path('customers/'), { initial_reading: '0', full_name: `Photo ${name}`, bundle })).json();
  return customer.subscription.id as number;
}

const read = (subscription: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  admin.put(path(`subscriptions/${subscription}/update-counter/`), body, headers);

async function latestReading(subscription: number): Promise<{ id: number; value: string; photo_url: string | null }> {
  const page = (await admin.get(path(`subscriptions/${subscription}/readings/?page_size=1`))).json();
  return defined(page.results[0], 'the latest reading');
}

const readingCount = async (subscription: number) =>
  (await admin.get(path(`subscriptions/${subscription}/readings/`))).json().count as number;

const tenantUploads = async () =>
  (await context.db.select({ name: uploads.name }).from(uploads).where(eq(uploads.tenantId, fixture.tenantA.id))).length;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  bAdmin = await fixture.as('b.admin');
});
afterAll(async () => context?.close());

describe("a reading's photo", () => {
  it("is stored in the tenant's media, linked to the reading, and served to the tenant's signed-in users only", async () => {
    const meter = await newMeter('stored');
    const saved = await read(meter, { counter: '12', photo: JPEG_HEAD.toString('base64') });
    expect(saved.statusCode, saved.body).toBe(200);
    const reading = await latestReading(meter);
    expect(reading.value).toBe('12.000');
    expect(reading.photo_url).toMatch(new RegExp(`^/api/media/${fixture.tenantA.id}-[0-9a-f]{32}\\.jpg$`));
    const photoUrl = reading.photo_url ?? '';
    // The counters list (the counter's card) carries the last live reading's photo.
    const counters = (await admin.get(path('subscriptions/counters/?page_size=100'))).json().results as {
      id: number;
      photo_url: string | null;
    }[];
    expect(counters.find((counter) => counter.id === meter)?.photo_url).toBe(photoUrl);

    const image = await admin.get(photoUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(Buffer.compare(image.rawPayload, JPEG_HEAD)).toBe(0);

    // Without a token: 401; another tenant's user: not found, like a missing name.
    expect((await context.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(401);
    expect((await bAdmin.get(photoUrl)).statusCode).toBe(404);
    // Nor can tenant B reach A's reading to learn the address.
    expect((await bAdmin.get(servicePath(fixture.tenantB, `subscriptions/${meter}/readings/`))).statusCode).toBe(404);
  });

  it('a reading without a photo answers photo_url null', async () => {
    const meter = await newMeter('none');
    expect((await read(meter, { counter: '3' })).statusCode).toBe(200);
    expect((await latestReading(meter)).photo_url).toBeNull();
    const counters = (await admin.get(path('subscriptions/counters/?page_size=100'))).json().results as {
      id: number;
      photo_url: string | null;
    }[];
    expect(counters.find((counter) => counter.id === meter)?.photo_url).toBeNull();
  });

  it('refuses a file that is not an image (text named .jpg, HTML, not base64) with a 400 reading_photo_type and records nothing', async () => {
    const meter = await newMeter('refused');
    const before = await tenantUploads();
    const readings = await readingCount(meter);
    const notImages = [Buffer.from('just text named meter.jpg').toString('base64'), HTML_PAGE.toString('base64'), 'meter.jpg', ''];
    for (const photo of notImages) {
      const response = await read(meter, { counter: '5', photo });
      expect(response.statusCode, photo).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'reading_photo_type',
        photo: ['The meter’s photo must be a PNG, JPEG or WebP image.'],
      });
      expect(fieldsOf(response.json())).toEqual(['photo']);
    }
    const arabic = await read(meter, { counter: '5', photo: HTML_PAGE.toString('base64') }, { 'accept-language': 'ar' });
    expect(arabic.json().photo).toEqual(['يجب أن تكون صورة العداد بصيغة PNG أو JPEG أو WebP.']);
    expect(await tenantUploads()).toBe(before);
    expect(await readingCount(meter)).toBe(readings);
  });

  it('refuses a photo over 400 KB with a 400 reading_photo_too_large', async () => {
    const meter = await newMeter('large');
    const big = Buffer.concat([JPEG_HEAD, Buffer.alloc(400 * 1024)]);
    const response = await read(meter, { counter: '5', photo: big.toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'reading_photo_too_large', photo: ['The meter’s photo is too large: at most 400 KB.'] });
    // Just under the limit is taken.
    const fits = Buffer.concat([JPEG_HEAD, Buffer.alloc(400 * 1024 - JPEG_HEAD.length)]);
    expect((await read(meter, { counter: '5', photo: fits.toString('base64') })).statusCode).toBe(200);
  });

  it("cannot attach another tenant's media: a media name or URL in photo is refused, the reading stays without it", async () => {
    const bLogo = `/api/media/${fixture.tenantB.id}-${'a'.repeat(32)}.png`;
    const meter = await newMeter('foreign');
    for (const photo of [bLogo, bLogo.replace('/api/media/', '')]) {
      const response = await read(meter, { counter: '7', photo });
      expect(response.statusCode, photo).toBe(400);
      expect(response.json().code).toBe('reading_photo_type');
    }
  });

  it('a reading replayed with the same Idempotency-Key stores its photo once', async () => {
    const meter = await newMeter('replayed');
    const before = await tenantUploads();
    const key = { 'idempotency-key': 'reading-with-photo-1' };
    const body = { counter: '9', photo: PNG_1X1.toString('base64') };
    const first = await read(meter, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await read(meter, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await tenantUploads()).toBe(before + 1);
    const rows = await context.db.select().from(meterReadings).where(eq(meterReadings.subscriptionId, meter));
    expect(rows.filter((row) => row.photo !== null)).toHaveLength(1);
  });
});
