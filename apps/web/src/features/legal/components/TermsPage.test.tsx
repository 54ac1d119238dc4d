import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { loadLanguage } from '../../../lib/i18n';
import { renderWithApp } from '../../../test/render';
import { TERMS } from '../terms';
import { TermsPage } from './TermsPage';

describe('terms of service page', () => {
  it('shows every section numbered, with its contents link, the version date and the in-app tools', async () => {
    renderWithApp(<TermsPage />, '/termos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos de serviço' })).toBeInTheDocument();
    expect(screen.getByText('Versão de 7 de dezembro de 2026')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(TERMS.map((s, i) => `${i + 1}. ${s.title}`));
    const contents = within(screen.getByRole('navigation', { name: 'Seções' }));
    for (const s of TERMS)
      expect(contents.getByRole('link', { name: s.title })).toHaveAttribute('href', `#${s.id}`);
    expect(screen.getByRole('link', { name: 'Verificar uma aposta' })).toHaveAttribute('href', '/fairness');
    expect(screen.getByRole('link', { name: 'Definir limites ou autoexcluir-se' })).toHaveAttribute(
      'href',
      '/jogoResponsavel',
    );
    expect(screen.getByText(/maiores de 18 anos, com CPF válido/)).toBeInTheDocument();
    expect(screen.queryByText(/publicados em português/)).toBeNull();
  });

  it("in another language: the page's words translated, the terms in Portuguese with a note saying why", async () => {
    try {
      useAppState.getState().setLang('en');
      await act(() => loadLanguage('en'));
      renderWithApp(<TermsPage />, '/termos');
      expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
      expect(screen.getByText('Version of December 7, 2026')).toBeInTheDocument();
      expect(
        screen.getByText('The terms are published in Portuguese, the version that governs in Brazil.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 2, name: '1. Quem pode jogar' })).toBeInTheDocument();
    } finally {
      useAppState.getState().setLang('pt_BR');
      await act(() => loadLanguage('pt_BR'));
    }
  });
});
