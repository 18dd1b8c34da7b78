import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePath, signInRoles } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';

let context: TestContext;
let fixture: Fixture;
let admin: Client;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = (await signInRoles(fixture)).admin;
});
afterAll(async () => context.close());

const customers = () => servicePath(fixture.tenantA, 'customers/');

describe('errors are codes with messages in the caller language', () => {
  it('answers a 400 in the DRF shape plus code, params and coded errors, in English by default', async () => {
    const response = await admin.post(customers(), { full_name: 'x'.repeat(300), status: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      full_name: ['Ensure this field has no more than 200 characters.'],
      status: ['Choose a valid option.'],
      code: 'max_length',
      params: { max: 200 },
      errors: [
        { field: 'full_name', code: 'max_length', message: 'Ensure this field has no more than 200 characters.', params: { max: 200 } },
        { field: 'status', code: 'invalid_choice', message: 'Choose a valid option.' },
      ],
    });
  });

  it('writes the messages in Arabic for Accept-Language: ar or ?lang=ar', async () => {
    const byHeader = await admin.post(customers(), {}, { 'accept-language': 'ar-LB,ar;q=0.9,en;q=0.5' });
    expect(byHeader.json()).toMatchObject({ full_name: ['هذا الحقل مطلوب.'], code: 'required' });
    const byQuery = await admin.get(`${servicePath(fixture.tenantA, 'customers/999999/')}?lang=ar`);
    expect(byQuery.json()).toEqual({ detail: 'غير موجود.', code: 'not_found' });
  });

  it('fills the parameters of a refusal in both languages', async () => {
    const response = await admin.get(`${customers()}?ordering=nope`, { 'accept-language': 'ar' });
    expect(response.json()).toMatchObject({
      code: 'unknown_ordering',
      params: { field: 'nope' },
      errors: [{ field: 'ordering', code: 'unknown_ordering', message: expect.stringContaining('حقل ترتيب غير معروف "nope"') }],
    });
  });

  it('answers an unreadable body with parse_error, never a 500', async () => {
    const response = await admin.request({
      method: 'POST',
      url: customers(),
      payload: '{"full_name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'parse_error', non_field_errors: ['The request body could not be read.'] });
  });
});
