import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAID_DEPOSIT } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { PaySuccessPage } from './PaySuccessPage';

/** The page on its route only, as the app mounts it: leaving it unmounts it. */
function Routed() {
  return useLocation().pathname === '/paySuccess' ? <PaySuccessPage /> : <p>home</p>;
}

describe('/paySuccess', () => {
  it('says the deposit was credited when a paid deposit led here', async () => {
    useSession.setState({ token: 't', user: { uId: 1, balance: 150, freeBalance: 0 } as never });
    const { router } = renderWithApp(<Routed />, '/home');
    await router.navigate('/paySuccess', { state: PAID_DEPOSIT });
    expect(await screen.findByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-success-balance')).toHaveTextContent(/R\$\s150,00/);
    // Taken off the history entry: back to it later, the page claims nothing.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
    await router.navigate('/home');
    await screen.findByText('home');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/paySuccess');
    expect(await screen.findByRole('heading', { name: 'Seu saldo' })).toBeInTheDocument();
    // A deposit paid while the page is open claims there too.
    await router.navigate('/paySuccess', { state: PAID_DEPOSIT });
    expect(await screen.findByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
  });

  it('opened from a bookmark or the back button, claims no payment', () => {
    useSession.setState({ token: 't', user: { uId: 1, balance: 150, freeBalance: 0 } as never });
    renderWithApp(<PaySuccessPage />, '/paySuccess');
    expect(screen.getByRole('heading', { name: 'Seu saldo' })).toBeInTheDocument();
    expect(screen.queryByText(/Pagamento recebido|foi creditado/)).toBeNull();
    expect(
      screen.getByText('Os depósitos aparecem nos seus registros assim que são pagos.'),
    ).toBeInTheDocument();
  });
});
