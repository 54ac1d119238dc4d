import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { ForgotPasswordOverlay } from './ForgotPasswordOverlay';

afterEach(() => vi.unstubAllGlobals());

/** The server: sendEmail refuses `bad@` addresses, checkEmail every code but 123456. */
function server() {
  const f = fakeFetch((url, init) => {
    const body = new URLSearchParams(String(init.body ?? ''));
    if (url.includes('/RESETPWD/sendEmail'))
      return body.get('email')!.startsWith('bad')
        ? { status: 400, body: envelope(null, 40000, 'Digite um e-mail válido') }
        : { body: envelope(null, 0, 'Código enviado') };
    if (url.includes('/RESETPWD/checkEmail'))
      return body.get('code') === '123456'
        ? { body: envelope({ chkId: 'c1' }) }
        : { status: 400, body: envelope(null, 40000, 'Código inválido ou expirado') };
    return { status: 404, body: envelope(null, 40400, 'no') };
  });
  vi.stubGlobal('fetch', f.fn);
  return f;
}

const sent = (f: ReturnType<typeof server>, path: string) => f.calls.filter((c) => c.url.includes(path));

describe('password recovery', () => {
  it('shows the server’s refusal beside the field, not in a modal; step 2 sends again or goes back', async () => {
    const f = server();
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordOverlay />);
    const email = screen.getByRole('combobox', { name: 'E-mail' });
    await user.type(email, 'bad@x.co');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Digite um e-mail válido')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Digite um e-mail válido');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(email);
    expect(email).not.toHaveAccessibleDescription();
    await user.type(email, 'ana@x.co');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('Passo 2 de 3')).toBeInTheDocument();

    const code = screen.getByLabelText('Código recebido por e-mail');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription('Código inválido ou expirado');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(sent(f, '/sendEmail')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Trocar e-mail' }));
    expect(await screen.findByText('Passo 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'E-mail' })).toHaveValue('ana@x.co');
  });
});
