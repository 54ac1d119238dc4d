import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { KycOverlay } from './KycOverlay';

let saved: unknown[] = [];

beforeEach(() => {
  saved = [];
  useSession.setState({ token: 't', user: { uId: 1, kyc: 0, name: '', cardNo: '' } as never });
  useUi.setState({ overlay: 'editBank' });
  vi.stubGlobal(
    'fetch',
    fakeFetch((url, init) => {
      if (url.includes('/updateKyc')) {
        const body = JSON.parse(String(init.body)) as { name: string; cardNo: string };
        saved.push(body);
        // What the server answers (its validation: contracts updateKycRequest).
        if (!body.name.trim()) return { status: 400, body: envelope(null, 40000, 'Informe seu nome') };
        if (!body.cardNo.trim()) return { status: 400, body: envelope(null, 40000, 'Digite o CPF') };
        if (body.cardNo !== '529.982.247-25')
          return { status: 400, body: envelope(null, 40000, 'CPF inválido') };
        // Under br, the identity bureau's refusals name their field (a birth date: the form has none).
        if (body.name === 'Ana Errada')
          return {
            status: 400,
            body: envelope({ field: 'name' }, 40000, 'O nome não confere com o deste CPF'),
          };
        if (body.name === 'Ana Outra Data')
          return {
            status: 400,
            body: envelope({ field: 'birthDate' }, 40000, 'A data de nascimento não confere'),
          };
        return { body: envelope(null, 0, 'Terminar') };
      }
      return { body: envelope({ uId: 1, kyc: 1 }) };
    }).fn,
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('KYC form', () => {
  it.each([
    ['an invalid CPF', 'Ana Souza', '111.222.333-44', 'CPF', 'CPF inválido'],
    ['an empty CPF', 'Ana Souza', '', 'CPF', 'Digite o CPF'],
    ['an empty name', '', '529.982.247-25', 'Nome completo', 'Informe seu nome'],
    [
      'another name (br bureau)',
      'Ana Errada',
      '529.982.247-25',
      'Nome completo',
      'O nome não confere com o deste CPF',
    ],
    [
      'another birth date (br bureau)',
      'Ana Outra Data',
      '529.982.247-25',
      'CPF',
      'A data de nascimento não confere',
    ],
  ])('shows the server’s refusal of %s next to that field', async (_, name, cpf, field, message) => {
    const onSaved = vi.fn();
    renderWithApp(<KycOverlay onSaved={onSaved} />);
    const user = userEvent.setup();
    if (name) await user.type(screen.getByLabelText('Nome completo'), name);
    if (cpf) await user.type(screen.getByLabelText('CPF'), cpf);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByLabelText(field)).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText(field)).toBeInvalid();
    expect(saved).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    // A message beside the field, not a modal.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Editing the field takes its message away.
    await user.type(screen.getByLabelText(field), '1');
    expect(screen.getByLabelText(field)).not.toHaveAccessibleDescription(message);
  });

  it('saves a valid CPF and hands over to the app (deposit after KYC)', async () => {
    const onSaved = vi.fn();
    renderWithApp(<KycOverlay onSaved={onSaved} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome completo'), 'Ana Souza');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
