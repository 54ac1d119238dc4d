import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUi } from '../../../lib/ui';
import { NoticeBanner, sanitizeNotice } from './NoticeBanner';

describe('notice banner', () => {
  it('sanitises the server HTML', () => {
    const dirty =
      '<b>Manutenção</b> às 3h<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="/vip">VIP</a>';
    const clean = sanitizeNotice(dirty);
    expect(clean).toContain('<b>Manutenção</b>');
    expect(clean).not.toMatch(/script|onerror|<img|javascript:/);
    expect(clean).toContain('href="/vip"');
  });

  it('keeps only http(s) links and same-origin paths, never protocol-relative ones', () => {
    const href = (link: string) =>
      new DOMParser()
        .parseFromString(sanitizeNotice(`<a href="${link}">x</a>`), 'text/html')
        .querySelector('a')
        ?.getAttribute('href') ?? null;
    for (const good of ['https://aposta.bet/x', 'http://a.b', '/vip', '/vip?x=1#y', 'HTTPS://A.B'])
      expect(href(good)).toBe(good);
    for (const bad of [
      '//evil.example/x',
      ' //evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'https:/evil',
      'javascript:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      'vip',
    ])
      expect(href(bad), bad).toBeNull();
  });

  it('renders the notice and can be closed', () => {
    useUi.setState({ notice: '<i>Olá</i><script>x()</script>' });
    render(<NoticeBanner />);
    expect(screen.getByTestId('notice-text').innerHTML).toBe('<i>Olá</i>');
    screen.getByRole('button', { name: 'Fechar aviso' }).click();
    expect(useUi.getState().notice).toBe('');
  });
});
