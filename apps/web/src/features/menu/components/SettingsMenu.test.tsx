import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '../../../lib/env';
import { usePwa } from '../../../lib/pwa';
import { useUi } from '../../../lib/ui';
import { renderWithApp } from '../../../test/render';
import { SettingsMenu } from './SettingsMenu';

const configured = { ...env };
afterEach(() => {
  Object.assign(env, configured);
  usePwa.setState({ installed: false });
  useUi.setState({ overlay: null });
});

describe('settings menu', () => {
  it('hides the social line when its link is not set (no "Em breve")', () => {
    Object.assign(env, { downloadUrl: undefined, socialUrl: undefined });
    renderWithApp(<SettingsMenu />);
    expect(screen.queryByRole('button', { name: /Rede social|Redes sociais/ })).toBeNull();
    expect(screen.queryByText('Em breve')).toBeNull();
    expect(screen.getByRole('button', { name: /Atendimento/ })).toBeInTheDocument();
  });

  it('shows it when the operator configured it', () => {
    Object.assign(env, { socialUrl: 'https://social.example/aposta' });
    renderWithApp(<SettingsMenu />);
    expect(screen.getByRole('button', { name: /Rede social|Redes sociais/ })).toBeInTheDocument();
  });

  it('Download opens the install sheet; running installed it says "Instalado"', async () => {
    renderWithApp(<SettingsMenu />);
    await userEvent.click(screen.getByRole('button', { name: /Baixar o app/ }));
    expect(useUi.getState().overlay).toBe('install');
    usePwa.setState({ installed: true });
    expect(await screen.findByRole('button', { name: /Baixar o app.*Instalado/ })).toBeInTheDocument();
  });
});
