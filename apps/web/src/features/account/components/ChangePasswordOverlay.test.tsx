import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { ChangePasswordOverlay } from './ChangePasswordOverlay';

beforeEach(() => useSession.setState({ token: 't', user: { uId: 1 } as never }));
afterEach(() => vi.unstubAllGlobals());

describe('change password', () => {
  it('shows a wrong current password beside that field, not in a modal', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => ({ status: 400, body: envelope(null, 40000, 'A senha atual está incorreta') })).fn,
    );
    const onLogout = vi.fn(async () => undefined);
    renderWithApp(<ChangePasswordOverlay onLogout={onLogout} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Senha atual'), 'errada-123');
    await user.type(screen.getByLabelText('Nova senha'), 'Senha-nova-1');
    await user.type(screen.getByLabelText(/Confirm/), 'Senha-nova-1');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Senha atual')).toHaveAccessibleDescription(
        'A senha atual está incorreta',
      ),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('says every problem beside its field, sends nothing, and refuses the current password as the new one', async () => {
    const f = fakeFetch(() => ({ body: envelope(null) }));
    vi.stubGlobal('fetch', f.fn);
    renderWithApp(<ChangePasswordOverlay onLogout={vi.fn(async () => undefined)} />);
    const user = userEvent.setup();
    const submit = () => user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await submit();
    expect(screen.getByLabelText('Senha atual')).toHaveAccessibleDescription('Digite a senha');
    expect(screen.getByLabelText(/Confirm/)).toHaveAccessibleDescription(
      'Por favor, preencha as informações completamente',
    );
    await user.type(screen.getByLabelText('Senha atual'), 'Senha-antiga-1');
    await user.type(screen.getByLabelText('Nova senha'), 'Senha-antiga-1');
    await user.type(screen.getByLabelText(/Confirm/), 'outra coisa');
    await submit();
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(
      'A nova senha deve ser diferente da atual',
    );
    expect(screen.getByLabelText(/Confirm/)).toHaveAccessibleDescription('As senhas não coincidem');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(f.calls).toEqual([]);
  });
});
