import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error';

describe('loggable errors', () => {
  it('a failed query is logged with its SQL, without its parameter values or the database detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_username_lower_key"'), {
      code: '23505',
      detail: 'Key (lower(username))=(jane) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("username", "password_hash") values ($1, $2)',
      ['jane', '$argon2id$v=19$secret-hash'],
      cause,
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('jane');
    expect(logged).not.toContain('params');
  });
});
