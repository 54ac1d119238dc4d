import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Sheet } from './Sheet';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>abrir</button>
      {open ? (
        <Sheet title="Painel" onClose={() => setOpen(false)}>
          <input aria-label="primeiro" data-autofocus />
          <button>último</button>
        </Sheet>
      ) : null}
    </>
  );
}

describe('sheet', () => {
  it('is a named modal dialog that keeps focus inside, closes on Escape and gives focus back', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Painel' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('primeiro')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'último' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'último' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
