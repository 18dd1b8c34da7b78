import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
    templateDatabase: string;
  }
}

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Migrates one template per test run: a PGlite directory copied per test file, or a PostgreSQL
 * database that each test file clones (CREATE DATABASE ... TEMPLATE) when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `meterline_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const template = await openPostgres(databaseUrlFor(baseUrl, name), 'default', { max: 1 });
    await template.migrate();
    await template.close();
    project.provide('templateDatabase', name);
    project.provide('templateDir', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'meterline_t_${process.pid}_%' or datname = $1`,
        [name],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-template-'));
  const template = await openPglite(dir, 'default', { lock: false });
  await template.migrate();
  await template.close();
  project.provide('templateDir', dir);
  project.provide('templateDatabase', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
