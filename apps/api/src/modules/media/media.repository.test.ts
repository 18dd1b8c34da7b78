import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';
import { updateSettings } from '../config/config.repository';
import { documentIssuerOf } from '../invoices/document-issuer';
import type { ServiceContext } from '../../scope/service-scope';
import { findUploadDataUri, insertUpload } from './media.repository';

let context: TestContext;
let fixture: Fixture;
const name = 'logo-tenant-a.png';
const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  await insertUpload(context.db, { tenantId: fixture.tenantA.id }, { name, contentType: 'image/png', data, createdAt: new Date() });
});

afterAll(async () => {
  await context?.close();
});

describe('findUploadDataUri', () => {
  it("gives the tenant's own upload as a data: URI", async () => {
    expect(await findUploadDataUri(context.db, { tenantId: fixture.tenantA.id }, name)).toBe(
      `data:image/png;base64,${data.toString('base64')}`,
    );
  });

  it("does not find another tenant's upload by its name", async () => {
    expect(await findUploadDataUri(context.db, { tenantId: fixture.tenantB.id }, name)).toBeNull();
  });

  it("prints no logo on a document of a tenant whose settings name another tenant's upload", async () => {
    const scope = { tenantId: fixture.tenantB.id, serviceId: fixture.tenantB.electricityId };
    await updateSettings(context.db, scope, { logo: name });
    const issuer = await documentIssuerOf({ db: context.db, scope } as ServiceContext, context.db);
    expect(issuer.logo).toBeNull();
    const own = await documentIssuerOf(
      { db: context.db, scope: { tenantId: fixture.tenantA.id, serviceId: fixture.tenantA.electricityId } } as ServiceContext,
      context.db,
    );
    expect(own.logo).toBeNull();
    await updateSettings(context.db, { tenantId: fixture.tenantA.id }, { logo: name });
    const withLogo = await documentIssuerOf(
      { db: context.db, scope: { tenantId: fixture.tenantA.id, serviceId: fixture.tenantA.electricityId } } as ServiceContext,
      context.db,
    );
    expect(withLogo.logo).toMatch(/^data:image\/png;base64,/);
  });
});
