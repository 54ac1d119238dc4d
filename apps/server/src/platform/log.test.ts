import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log';

describe('log error serializer', () => {
  it('keeps the SQL but never the parameters of a failed query, also in its cause', () => {
    const cause = new DrizzleQueryError('select 1 where cpf = $1', ['52998224725'], new Error('boom'));
    const err = new DrizzleQueryError(
      'insert into sessions (token_hash) values ($1)',
      ['secret-token-hash'],
      cause,
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).toContain('insert into sessions');
    expect(text).not.toContain('secret-token-hash');
    expect(text).not.toContain('52998224725');
    expect(text).toContain('[redacted]');
  });

  it('leaves other errors as they are', () => {
    const out = serializeError(new TypeError('plain'));
    expect(out).toMatchObject({ type: 'TypeError', message: 'plain' });
  });
});
