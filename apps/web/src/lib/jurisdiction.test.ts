import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch } from '../test/render';
import { fetchProfile } from './jurisdiction';

afterEach(() => vi.unstubAllGlobals());

describe('fetchProfile (checked by hand, without the contract: the register overlay must not load zod)', () => {
  it('gives the profile the server sends', async () => {
    const url = 'https://www.gov.br/autoexclusao';
    const f = fakeFetch(() => ({ body: envelope({ jurisdiction: 'br', nationalSelfExclusionUrl: url }) }));
    vi.stubGlobal('fetch', f.fn);
    await expect(fetchProfile()).resolves.toEqual({ jurisdiction: 'br', nationalSelfExclusionUrl: url });
    expect(f.calls[0]!.url).toContain('/api/app/rg/profile');
  });

  it.each([
    ['an unknown licence', { jurisdiction: 'uk', nationalSelfExclusionUrl: '' }],
    ['no self-exclusion address', { jurisdiction: 'br' }],
    ['nothing', null],
  ])('refuses an answer with %s (the screens then keep the spec behaviour)', async (_, data) => {
    vi.stubGlobal('fetch', fakeFetch(() => ({ body: envelope(data) })).fn);
    await expect(fetchProfile()).rejects.toThrow('licence profile: unexpected answer');
  });
});
