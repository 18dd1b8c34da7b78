import { count } from 'drizzle-orm';
import { first, nth } from '@meterline/contract/invariant';
import type { PasswordHasher } from '../lib/password';
import { provisionTenantData } from '../modules/tenants/tenant-provisioning';
import type { DatabaseRegistry, Db } from '../db/client';
import { seedBillingDemo } from './billing-demo';
import { buildings, notificationChannels, notificationMessages, regions, streets, tenants, users } from '../db/schema/index';
import { newCallbackToken } from '../modules/notifications/index';

export const DEMO_PASSWORD = 'demo1234';
/** Base32 TOTP secret of the `otpadmin` demo account (printed in the README). */
export const DEMO_OTP_SECRET = 'KRUGKIDNMV2GK4TMNFXGKIDEMVWW6IDL';

export const DEMO_ACCOUNTS = [
  { username: 'superadmin', role: 'superadmin', tenant: null, firstName: 'Sami', lastName: 'Haddad' },
  { username: 'admin', role: 'admin', tenant: 1, firstName: 'Rania', lastName: 'Khoury' },
  { username: 'accountant', role: 'accountant', tenant: 1, firstName: 'Omar', lastName: 'Saleh' },
  { username: 'support', role: 'support', tenant: 1, firstName: 'Lina', lastName: 'Nasser' },
  { username: 'collector', role: 'collector', tenant: 1, firstName: 'Karim', lastName: 'Aoun' },
  { username: 'otpadmin', role: 'admin', tenant: 1, firstName: 'Maya', lastName: 'Fares', otp: true },
  { username: 'admin2', role: 'admin', tenant: 2, firstName: 'Hadi', lastName: 'Mansour' },
  { username: 'accountant2', role: 'accountant', tenant: 2, firstName: 'Nadia', lastName: 'Azar' },
  { username: 'support2', role: 'support', tenant: 2, firstName: 'Tarek', lastName: 'Younes' },
  { username: 'collector2', role: 'collector', tenant: 2, firstName: 'Ziad', lastName: 'Issa' },
] as const;

const DEMO_TENANTS = [
  {
    slug: 'nour-power',
    name: 'Nour Power',
    companyName: 'Nour Power Generators',
    currency: 'USD',
    email: 'office@nourpower.example',
    phone: '+961 1 555 010',
  },
  // The Arabic demo tenant: bills in Lebanese pounds, with US dollars as its second currency (docs/operations.md, "Demo data").
  {
    slug: 'amal-utilities',
    name: 'Amal Utilities',
    companyName: 'شركة أمل للخدمات',
    currency: 'LBP',
    email: 'info@amal.example',
    phone: '+961 1 555 020',
  },
];

/**
 * The demo's e-mail channel, on in test mode (messages go to the outbox folder, docs/notifications.md),
 * with the test message its admin sent: the setup checklist's `channel` and `test_message` are done.
 */
async function seedDemoChannel(db: Db, tenantId: number, email: string): Promise<void> {
  await db.insert(notificationChannels).values({
    tenantId,
    channel: 'email',
    enabled: true,
    testMode: true,
    provider: 'smtp',
    sender: email,
    callbackToken: newCallbackToken(tenantId),
    updatedAt: new Date(),
  });
  await db.insert(notificationMessages).values({
    tenantId,
    channel: 'email',
    kind: 'test',
    eventKey: `test:demo:${tenantId}`,
    toAddress: email,
    language: 'en',
    text: 'A test message from Meterline: this channel works.',
    status: 'sent',
    attempts: 1,
    providerMessageId: `outbox-demo-${tenantId}`,
    sentAt: new Date(),
  });
}

/** ~300 customers: most in tenant 1's electricity, some water, some in tenant 2. */
const DEMO_BILLING = [
  {
    customersPerService: { Electricity: 220, Water: 40 },
    taxRate: '11',
    office: ['admin', 'accountant'],
    collector: 'collector',
    admin: 'admin',
  },
  {
    customersPerService: { Electricity: 30, Water: 10 },
    taxRate: '0',
    office: ['admin2', 'accountant2'],
    collector: 'collector2',
    admin: 'admin2',
  },
];

const DEMO_ADDRESSES: Record<string, Record<string, string[]>> = {
  Achrafieh: { 'Sassine Street': ['Building A', 'Building B', 'Rizk Tower'], 'Monot Street': ['Building 12', 'Building 14'] },
  Hamra: { 'Hamra Main Street': ['Piccadilly Building', 'Building 7'], 'Bliss Street': ['Building 3', 'Building 5'] },
  الأشرفية: { 'شارع الجميزة': ['بناية النور', 'بناية الأمل'] },
};

export async function hasAnyTenant(db: Db): Promise<boolean> {
  const row = first(await db.select({ n: count() }).from(tenants), 'the row of the count');
  return row.n > 0;
}

async function seedAddresses(db: Db, tenantId: number) {
  for (const [regionName, streetMap] of Object.entries(DEMO_ADDRESSES)) {
    const region = first(await db.insert(regions).values({ tenantId, name: regionName }).returning(), 'a row inserted into regions');
    for (const [streetName, buildingNames] of Object.entries(streetMap)) {
      const street = first(
        await db.insert(streets).values({ tenantId, regionId: region.id, name: streetName }).returning(),
        'a row inserted into streets',
      );
      await db.insert(buildings).values(buildingNames.map((name) => ({ tenantId, streetId: street.id, name })));
    }
  }
}

/**
 * Demo tenants, one user of each role, settings, services and addresses. Runs only on an empty
 * embedded database; the password is hashed once and reused.
 */
export async function seedDemo(databases: DatabaseRegistry, passwords: PasswordHasher): Promise<boolean> {
  const db = databases.default;
  if (await hasAnyTenant(db)) return false;
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  const tenantIds: number[] = [];
  for (const demo of DEMO_TENANTS) {
    const tenant = first(
      await db
        .insert(tenants)
        .values({ name: demo.name, slug: demo.slug, email: demo.email, phone: demo.phone, dbAlias: 'default' })
        .returning(),
      'a row inserted into tenants',
    );
    tenantIds.push(tenant.id);
    await provisionTenantData(db, tenant.id, { currency: demo.currency, companyName: demo.companyName });
    await seedAddresses(db, tenant.id);
    await seedDemoChannel(db, tenant.id, demo.email);
  }
  const userIds = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    const user = first(
      await db
        .insert(users)
        .values({
          tenantId: account.tenant === null ? null : nth(tenantIds, account.tenant - 1, `demo tenant ${account.tenant}`),
          username: account.username,
          email: `${account.username}@meterline.example`,
          passwordHash,
          firstName: account.firstName,
          lastName: account.lastName,
          phone: '',
          role: account.role,
          isSuperuser: account.role === 'superadmin',
          otpEnabled: 'otp' in account,
          otpSecret: 'otp' in account ? DEMO_OTP_SECRET : null,
        })
        .returning({ id: users.id }),
      'a row inserted into users',
    );
    userIds.set(account.username, user.id);
  }
  const now = new Date();
  for (const [index, billing] of DEMO_BILLING.entries()) {
    await db.transaction(async (tx) =>
      seedBillingDemo(tx, {
        tenantId: nth(tenantIds, index, `demo tenant ${index + 1}`),
        customersPerService: billing.customersPerService,
        taxRate: billing.taxRate,
        withTariffs: true,
        now,
        staff: {
          adminId: userIds.get(billing.admin) ?? null,
          officeIds: billing.office.map((username) => userIds.get(username)).filter((id): id is number => id !== undefined),
          collectorId: userIds.get(billing.collector) ?? null,
        },
      }),
    );
  }
  return true;
}
