import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, TOAST_MS } from '../lib/ui';
import { ToastHost } from './hosts';

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('show one at a time: the newest replaces the one on screen, and each goes after 1500 ms', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => toast('Terminar'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Terminar$/);
    act(() => toast('A cópia foi bem-sucedida'));
    expect(screen.getByRole('status')).toHaveTextContent(/^A cópia foi bem-sucedida$/);
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
