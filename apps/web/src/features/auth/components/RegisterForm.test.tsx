import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMS_VERSION } from '@aposta/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { RegisterForm } from './RegisterForm';
import { signInWithToken } from '../../../app/flows';
import { queryClient } from '../../../lib/query';

afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'E-mail' }), 'Novo@Mail.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo-123');
  await user.type(screen.getByLabelText('Confirmar senha'), 'segredo-123');
}

const captchaId = () => screen.getByTestId('captcha-image').getAttribute('data-code-id');

describe('register form', () => {
  it('has every register field, with the invitation code from YQM', () => {
    localStorage.setItem('YQM', 'ABC123');
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    for (const label of [
      'Nome completo',
      'CPF',
      'País',
      'Telefone',
      'Senha',
      'Confirmar senha',
      'Código de verificação',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/^Código de convite/)).toHaveValue('ABC123');
    expect(screen.getByLabelText('País')).toHaveValue('+55');
  });

  it('a name at its 80 characters says that the rest is left out (the field stops there)', () => {
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const name = screen.getByLabelText(/^Nome completo/);
    expect(name).toHaveAttribute('maxlength', '80');
    fireEvent.change(name, { target: { value: 'Maria '.repeat(11) } });
    expect(screen.queryByTestId('length-note')).toBeNull();
    fireEvent.change(name, { target: { value: 'x'.repeat(80) } });
    expect(screen.getByTestId('length-note')).toHaveTextContent(
      'Limite de 80 caracteres: o que passar disso não entra',
    );
  });

  it('links to the terms, in a tab of their own, outside the box the player ticks', () => {
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const link = screen.getByRole('link', { name: 'Ler os termos de serviço' });
    expect(link).toHaveAttribute('href', '/termos');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.closest('label')).toBeNull();
  });

  it('asks for the terms, then for the captcha, with the exact messages', async () => {
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Por favor, aceite os termos de serviço',
    );
    await user.click(screen.getByRole('button', { name: 'Eu entendi' }));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Por favor verifique');
  });

  it('an empty form: every field it needs marked beside it at once, before the terms are asked', async () => {
    const f = fakeFetch(() => ({ body: envelope(null) }));
    vi.stubGlobal('fetch', f.fn);
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    const email = screen.getByRole('combobox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/\S/);
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(/\S/);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(f.calls.filter((c) => c.url.includes('restRegister'))).toHaveLength(0);
  });

  it('checks the contract before sending (password confirmation)', async () => {
    const f = fakeFetch(() => ({ body: envelope(null) }));
    vi.stubGlobal('fetch', f.fn);
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'E-mail' }), 'novo@mail.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.type(screen.getByLabelText('Confirmar senha'), 'outra-coisa');
    await user.type(screen.getByLabelText('Código de verificação'), 'TEST42');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirmar senha')).toHaveAccessibleDescription('As senhas não coincidem'),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(f.calls.filter((c) => c.url.includes('restRegister'))).toHaveLength(0);
  });

  it('shows the server’s refusal beside its field: a taken e-mail, a wrong captcha', async () => {
    let answer = { status: 409, body: envelope(null, 40900, 'Este e-mail já está cadastrado') };
    vi.stubGlobal('fetch', fakeFetch(() => answer).fn);
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    await fill(user);
    await user.type(screen.getByLabelText('Código de verificação'), 'TEST42');
    await user.click(screen.getByRole('checkbox'));
    const firstCaptcha = captchaId();
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    const email = screen.getByRole('combobox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Este e-mail já está cadastrado'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // A refusal reloads the captcha a moment later (a new image, the code field emptied): wait for it.
    await waitFor(() => expect(captchaId()).not.toBe(firstCaptcha));

    answer = { status: 400, body: envelope(null, 40001, 'Código de verificação incorreto') };
    await user.type(screen.getByLabelText('Código de verificação'), 'WRONG1');
    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Código de verificação')).toHaveAccessibleDescription(
        'Código de verificação incorreto',
      ),
    );
    expect(email).not.toHaveAccessibleDescription(/cadastrado/);
  });

  it('registers, signs in and flags the first deposit', async () => {
    localStorage.setItem('YQM', 'INV42');
    const f = fakeFetch((url) =>
      url.includes('restRegister')
        ? { body: envelope({ access_token: 'tok-new' }) }
        : { body: envelope({ uId: 2, username: 'novo@mail.com', kyc: 0 }) },
    );
    vi.stubGlobal('fetch', f.fn);
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    await fill(user);
    await user.type(screen.getByLabelText('Código de verificação'), 'TEST42');
    await user.click(screen.getByRole('checkbox'));
    // A double tap: both submits land before the button renders busy; one registration goes.
    const button = screen.getByRole('button', { name: 'Registrar' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(useSession.getState().token).toBe('tok-new'));
    expect(f.calls.filter((c) => c.url.includes('restRegister'))).toHaveLength(1);
    const body = JSON.parse(String(f.calls.find((c) => c.url.includes('restRegister'))!.init.body));
    expect(body).toMatchObject({
      username: 'novo@mail.com',
      regcode: 'INV42',
      country: '+55',
      isapp: 0,
      captCode: 'TEST42',
      // The terms the ticked box accepted, to be stored with the account.
      termsVersion: TERMS_VERSION,
    });
    // The flow ends after the user info answers (the token is set before it).
    await waitFor(() =>
      expect(useUi.getState()).toMatchObject({
        startMask: true,
        firstDeposit: true,
        // The app's overlay host puts KYC first (app/OverlayHost.test.tsx).
        overlay: 'deposit',
        depositMode: 'secondDeposit',
      }),
    );
  });

  it('under the Brazilian profile asks the birth date and the limits, and sends them', async () => {
    queryClient.setQueryData(['rgProfile'], { jurisdiction: 'br', nationalSelfExclusionUrl: '' });
    const f = fakeFetch((url) =>
      url.includes('restRegister')
        ? { body: envelope({ access_token: 'tok-br' }) }
        : { body: envelope({ uId: 3, username: 'novo@mail.com', kyc: 0 }) },
    );
    vi.stubGlobal('fetch', f.fn);
    try {
      renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
      const user = userEvent.setup();
      await fill(user);
      await user.type(screen.getByLabelText('CPF'), '52998224725');
      await user.type(screen.getByLabelText('Data de nascimento'), '1990-01-30');
      await user.type(screen.getByLabelText(/^Limite diário de perdas/), '50');
      await user.type(screen.getByLabelText('Código de verificação'), 'TEST42');
      await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: 'Registrar' }));
      await waitFor(() => expect(useSession.getState().token).toBe('tok-br'));
      const body = JSON.parse(String(f.calls.find((c) => c.url.includes('restRegister'))!.init.body));
      expect(body).toMatchObject({ cardNo: '52998224725', birthDate: '1990-01-30', lossLimit: 50 });
      expect(body.timeLimit).toBeUndefined();
    } finally {
      queryClient.removeQueries({ queryKey: ['rgProfile'] });
    }
  });

  it('says beside each limit what is wrong with it, in words of money or of minutes', async () => {
    queryClient.setQueryData(['rgProfile'], { jurisdiction: 'br', nationalSelfExclusionUrl: '' });
    const f = fakeFetch(() => ({ body: envelope(null) }));
    vi.stubGlobal('fetch', f.fn);
    try {
      renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
      const user = userEvent.setup();
      await fill(user);
      await user.type(screen.getByLabelText(/^Limite diário de perdas/), '12,345');
      await user.type(screen.getByLabelText(/^Limite diário de tempo/), '1e2');
      await user.click(screen.getByRole('button', { name: 'Registrar' }));
      await waitFor(() =>
        expect(screen.getByLabelText(/^Limite diário de perdas/)).toHaveAccessibleDescription(
          'O limite deve ser um valor positivo, com no máximo 2 casas decimais',
        ),
      );
      expect(screen.getByLabelText(/^Limite diário de tempo/)).toHaveAccessibleDescription(
        'O limite de tempo deve ser um número inteiro de minutos, maior que zero',
      );
      expect(f.calls.filter((c) => c.url.includes('restRegister'))).toHaveLength(0);
      // A limit as a Brazilian writes it is read as such.
      await user.clear(screen.getByLabelText(/^Limite diário de perdas/));
      await user.type(screen.getByLabelText(/^Limite diário de perdas/), '1.500,50');
      await user.click(screen.getByRole('button', { name: 'Registrar' }));
      await waitFor(() =>
        expect(screen.getByLabelText(/^Limite diário de perdas/)).not.toHaveAttribute('aria-invalid', 'true'),
      );
    } finally {
      queryClient.removeQueries({ queryKey: ['rgProfile'] });
    }
  });

  it('the default profile shows no birth date nor limits', () => {
    renderWithApp(<RegisterForm onSignedIn={signInWithToken} />);
    expect(screen.queryByLabelText('Data de nascimento')).toBeNull();
    expect(screen.queryByLabelText(/^Limite diário de perdas/)).toBeNull();
  });
});
