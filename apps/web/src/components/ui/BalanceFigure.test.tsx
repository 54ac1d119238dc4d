import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patchUser, setUser, useSession } from '../../lib/session';
import { renderWithApp } from '../../test/render';
import { BalanceFigure } from './BalanceFigure';

const user = { uId: 3, balance: 42.5, freeBalance: 0 } as never;

describe('the balance as a figure', () => {
  it("a past visit's stored copy shows no figure until the server answers the balance", () => {
    useSession.setState({ token: 't', user, balanceStale: true });
    renderWithApp(<BalanceFigure className="" testId="figure" />);
    const figure = screen.getByTestId('figure');
    expect(figure).toHaveTextContent('R$ —');
    expect(figure).toHaveAttribute('aria-busy', 'true');
    // A patch without the balance (the avatar) does not make the stored one true.
    act(() => patchUser({ header: 4 } as never));
    expect(figure).toHaveTextContent('R$ —');
    act(() => patchUser({ balance: 40 }));
    expect(figure).toHaveTextContent('R$ 40,00');
    expect(figure).toHaveAttribute('aria-busy', 'false');
  });

  it("no user info yet: no made-up R$ 0,00; the server's answer shows", () => {
    useSession.setState({ token: 't', user: null, balanceStale: false });
    renderWithApp(<BalanceFigure className="" testId="figure" />);
    expect(screen.getByTestId('figure')).toHaveTextContent('R$ —');
    act(() => setUser(user));
    expect(screen.getByTestId('figure')).toHaveTextContent('R$ 42,50');
  });
});
