import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { LiveState } from '../api/rounds';
import { RoundShell } from './RoundShell';

const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A round `phase`, its betting window 10 s long (`closesIn` ms left), its draw `resultIn` ms away (or none). */
function state(phase: LiveState['phase'], closesIn: number, resultIn: number | null): LiveState {
  return {
    game: 'crash',
    roundId: '7',
    phase,
    opensAt: at(closesIn - 10_000),
    closesAt: at(closesIn),
    resultAt: resultIn === null ? null : at(resultIn),
    serverTime: at(0),
    result: null,
    hash: null,
    void: false,
    period: null,
    startedAt: null,
    bets: [],
    betCount: 0,
    offset: 0,
  };
}

function show(kind: 'double' | 'crash' | 'luckyColor', live: LiveState) {
  renderWithApp(
    <RoundShell kind={kind} state={live} running={kind === 'crash' ? 'Subindo' : 'Girando'}>
      {null}
    </RoundShell>,
  );
}

const bar = () => screen.getByTestId('round-phase-bar');
const width = () => Number.parseFloat((bar().firstElementChild as HTMLElement).style.width);

describe('the round’s phase bar', () => {
  it('counts the betting window down', () => {
    show('double', state('betting', 4_000, 6_000));
    expect(bar()).toHaveAttribute('data-bar', 'countdown');
    expect(width()).toBeGreaterThan(35);
    expect(width()).toBeLessThanOrEqual(40);
  });

  it('then the wait for a known draw (double, lucky colour)', () => {
    show('double', state('running', -2_000, 3_000));
    expect(bar()).toHaveAttribute('data-bar', 'countdown');
    expect(width()).toBeGreaterThan(55);
    expect(width()).toBeLessThanOrEqual(60);
  });

  it('sweeps while a crash round rises, its end unknown', () => {
    show('crash', state('running', -2_000, null));
    expect(screen.getByTestId('round-phase')).toHaveTextContent('Subindo');
    expect(bar()).toHaveAttribute('data-bar', 'sweep');
    expect(bar().firstElementChild).toHaveClass('loading-bar');
  });

  it('is empty once the result is in', () => {
    show('crash', state('result', -5_000, -1_000));
    expect(bar()).toHaveAttribute('data-bar', 'empty');
  });
});

describe('the game’s RTP by its name', () => {
  it('is the figure for double and crash, a bound for lucky colour (whose picks return less)', () => {
    show('crash', state('betting', 5_000, null));
    expect(screen.getByTestId('rtp')).toHaveTextContent(/^RTP 99%$/);
  });
  it('lucky colour: "RTP até 98%"', () => {
    show('luckyColor', state('betting', 5_000, null));
    expect(screen.getByTestId('rtp')).toHaveTextContent(/^RTP até 98%$/);
  });
});
