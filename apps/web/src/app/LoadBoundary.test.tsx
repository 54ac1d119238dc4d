import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from './LoadBoundary';

// A screen whose code does not come in, as the browser reports a dropped connection.
const Unreachable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

afterEach(() => vi.restoreAllMocks());

describe('a screen whose code does not come in', () => {
  it('says so in its place with a retry, and the next address gets a fresh try', async () => {
    // React reports the caught error on the console: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const screenAt = (path: string) => (
      <LoadBoundary resetKey={path}>
        <Suspense fallback={null}>{path === '/limbo' ? <Unreachable /> : <p>Minhas apostas</p>}</Suspense>
      </LoadBoundary>
    );
    const { rerender } = render(screenAt('/limbo'));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Não foi possível carregar.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();

    rerender(screenAt('/footballPage/bets'));
    expect(await screen.findByText('Minhas apostas')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
