import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionKey } from '../../../lib/storage';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { LoginForm } from './LoginForm';
import { signInWithToken } from '../../../app/flows';

afterEach(() => vi.unstubAllGlobals());

const captchaId = () => screen.getByTestId('captcha-image').getAttribute('data-code-id');

describe('login form', () => {
  it('keeps submit disabled until username, password and captcha are filled; lower-cases the username', async () => {
    renderWithApp(<LoginForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Entrar' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'E-mail' }), 'Ana@Mail.COM');
    expect(screen.getByRole('combobox', { name: 'E-mail' })).toHaveValue('ana@mail.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Código de verificação'), 'ABCD');
    expect(submit).toBeEnabled();
  });

  it('offers common mail domains after the name is typed', async () => {
    renderWithApp(<LoginForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    const email = screen.getByRole('combobox', { name: 'E-mail' });
    await user.type(email, 'ana@ho');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['ana@hotmail.com']);
    expect(options[0]).toHaveTextContent('@hotmail.com');
    await user.click(options[0]!);
    expect(email).toHaveValue('ana@hotmail.com');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('reloads the captcha after a failed login and signs in on success', async () => {
    let refuse = true;
    const f = fakeFetch((url) => {
      if (url.includes('restLogin'))
        return refuse
          ? { status: 400, body: envelope(null, 40102, 'Dados incorretos') }
          : { body: envelope({ access_token: 'tok-9' }) };
      return { body: envelope({ uId: 1, username: 'ana@mail.com', testFlag: '0', header: 0 }) };
    });
    vi.stubGlobal('fetch', f.fn);
    renderWithApp(<LoginForm onSignedIn={signInWithToken} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'E-mail' }), 'ana@mail.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.type(screen.getByLabelText('Código de verificação'), 'WRONG');
    const before = captchaId();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(captchaId()).not.toBe(before));
    expect(screen.getByLabelText('Código de verificação')).toHaveValue('');
    // The refusal (40102, wrong credentials) shows beside the password, not in a modal.
    await waitFor(() =>
      expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Dados incorretos'),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(JSON.parse(String(f.calls[0]!.init.body))).toEqual({
      username: 'ana@mail.com',
      pwd: 'segredo-123',
      codeId: before,
      captCode: 'WRONG',
    });

    refuse = false;
    await user.type(screen.getByLabelText('Código de verificação'), 'TEST42');
    await user.type(screen.getByLabelText('Senha'), '4');
    expect(screen.getByLabelText('Senha')).not.toHaveAccessibleDescription('Dados incorretos');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(useSession.getState().token).toBe('tok-9'));
    expect(localStorage.getItem('TOKEN_B')).toBe('tok-9');
    // The start mask opens once the signed-in flow has read the player's user info.
    await waitFor(() => expect(useUi.getState().startMask).toBe(true));
    expect(useSession.getState().user?.username).toBe('ana@mail.com');
  });

  it('is prefilled with the test account left by "Mudar de conta"', () => {
    sessionStorage.setItem(
      SessionKey.TESTACCOUNT,
      JSON.stringify({ username: 'test01@aposta.test', pwd: 'pw-test-1' }),
    );
    renderWithApp(<LoginForm onSignedIn={signInWithToken} />);
    expect(screen.getByRole('combobox', { name: 'E-mail' })).toHaveValue('test01@aposta.test');
    expect(screen.getByLabelText('Senha')).toHaveValue('pw-test-1');
  });
});
