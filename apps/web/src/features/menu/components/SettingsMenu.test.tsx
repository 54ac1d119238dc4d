import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '../../../lib/env';
import { renderWithApp } from '../../../test/render';
import { SettingsMenu } from './SettingsMenu';

const configured = { ...env };
afterEach(() => Object.assign(env, configured));

describe('settings menu', () => {
  it('hides the download and social lines when their links are not set (no "Em breve")', () => {
    Object.assign(env, { downloadUrl: undefined, socialUrl: undefined });
    renderWithApp(<SettingsMenu />);
    expect(screen.queryByRole('button', { name: /Baixar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rede social|Redes sociais/ })).toBeNull();
    expect(screen.queryByText('Em breve')).toBeNull();
    expect(screen.getByRole('button', { name: /Atendimento/ })).toBeInTheDocument();
  });

  it('shows them when the operator configured them', () => {
    Object.assign(env, {
      downloadUrl: 'https://aposta.example/app',
      socialUrl: 'https://social.example/aposta',
    });
    renderWithApp(<SettingsMenu />);
    expect(screen.getByRole('button', { name: /Baixar/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Rede social|Redes sociais/ })).toBeInTheDocument();
  });
});
