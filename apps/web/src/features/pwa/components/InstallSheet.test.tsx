import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installWay, isIos, usePwa, type BeforeInstallPromptEvent } from '../../../lib/pwa';
import { renderWithApp } from '../../../test/render';
import { InstallSheet } from './InstallSheet';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

afterEach(() => {
  usePwa.setState({ installEvent: null, installed: false, updateReady: false });
  vi.restoreAllMocks();
});

function keptPrompt(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt'), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  }) as unknown as BeforeInstallPromptEvent;
  return { event, prompt };
}

describe('install sheet', () => {
  it('replays the kept install prompt on the tap, and says installed when accepted', async () => {
    const { event, prompt } = keptPrompt('accepted');
    usePwa.setState({ installEvent: event });
    const onClose = vi.fn();
    renderWithApp(<InstallSheet onClose={onClose} />);
    expect(prompt).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Instalar' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(usePwa.getState()).toMatchObject({ installed: true, installEvent: null });
  });

  it('keeps the sheet open when the player dismisses the prompt (which cannot be shown twice)', async () => {
    const { event } = keptPrompt('dismissed');
    usePwa.setState({ installEvent: event });
    const onClose = vi.fn();
    renderWithApp(<InstallSheet onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Instalar' }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Instalar' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(usePwa.getState().installed).toBe(false);
  });

  it('shows the three Safari steps on iOS, where no prompt exists', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderWithApp(<InstallSheet onClose={() => {}} />);
    const steps = screen.getByRole('list', { name: 'Como instalar no iPhone' });
    expect(steps.querySelectorAll('li')).toHaveLength(3);
    expect(steps).toHaveTextContent('Adicionar à Tela de Início');
    expect(screen.queryByRole('button', { name: 'Instalar' })).toBeNull();
  });

  it('says installed when running from the home screen', () => {
    usePwa.setState({ installed: true });
    renderWithApp(<InstallSheet onClose={() => {}} />);
    expect(screen.getByText('Instalado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Instalar' })).toBeNull();
  });

  it('chooses the way by platform', () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true); // iPadOS
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(installWay({ installed: false, installEvent: null }, false)).toBe('manual');
    expect(installWay({ installed: false, installEvent: null }, true)).toBe('ios');
  });
});
