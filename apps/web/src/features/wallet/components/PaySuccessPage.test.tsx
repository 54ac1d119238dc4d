import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAID_DEPOSIT } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { renderWithApp } from '../../../test/render';
import { PaySuccessPage } from './PaySuccessPage';

describe('/paySuccess', () => {
  it('says the deposit was credited when a paid deposit led here', async () => {
    useSession.setState({ token: 't', user: { uId: 1, balance: 150, freeBalance: 0 } as never });
    const { router } = renderWithApp(<PaySuccessPage />, '/home');
    await router.navigate('/paySuccess', { state: PAID_DEPOSIT });
    expect(await screen.findByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
    expect(screen.getByTestId('pay-success-balance')).toHaveTextContent(/R\$\s150,00/);
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
