import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startBanner } from '../start-banner';

afterAll(() => {
  let trustEverybodyRefused = false;
  try {
    loadConfig({ TRUST_PROXY: 'true' });
  } catch {
    trustEverybodyRefused = true;
  }
  const defaults = loadConfig({});
  console.log(
    `safe-defaults: host=${defaults.host} trust-proxy=${String(defaults.trustProxy)} trust-proxy-true-refused=${trustEverybodyRefused} demo-accounts-on-postgres=${loadConfig({ DATABASE_URL: 'postgres://db/meterline', SEED_DEMO: 'true' }).seedDemo}`,
  );
});

describe('safe defaults', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('believes X-Forwarded-For from nobody by default, and never from everybody', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, loopback' }).trustProxy).toEqual(['10.0.0.1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
  });

  it('never creates demo accounts on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meterline', SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });
});

describe('start banner', () => {
  it('says it listens on this machine only, and that the published demo accounts live only in the embedded demo database', () => {
    const embedded = startBanner(loadConfig({}), { seconds: '2.0', seeded: true });
    expect(embedded).toContain('Listening on 127.0.0.1 only');
    expect(embedded).toContain('Demo sign-ins (password "demo1234")');
    expect(embedded).toContain('These demo accounts exist only in this embedded demo database');
    const postgres = startBanner(loadConfig({ DATABASE_URL: 'postgres://db/meterline', HOST: '0.0.0.0' }), {
      seconds: '2.0',
      seeded: false,
    });
    expect(postgres).toContain('Listening on 0.0.0.0: reachable from other machines.');
    expect(postgres).not.toMatch(/demo1234|Demo sign-ins/);
  });
});
