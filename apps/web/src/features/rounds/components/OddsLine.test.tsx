import { roundPickFigures, ROUND_RTP } from '@aposta/fairness';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { OddsLine } from './OddsLine';

const line = () => screen.getByTestId('odds-line').textContent?.replace(/\s/g, ' ');

describe('the RTP and payout shown by the bet button', () => {
  it('double: the colour’s return and what the stake pays, from the paying rules', () => {
    renderWithApp(<OddsLine {...roundPickFigures({ kind: 'double', color: 'white' })} stake="10" />);
    expect(line()).toBe('RTP desta aposta: 93,33% · paga 14× (R$ 140,00)');
  });

  it('lucky colour green: "up to", since a violet digit pays less', () => {
    const { rtp, payout, varies } = roundPickFigures({ kind: 'luckyColor', pick: 'green' });
    renderWithApp(<OddsLine rtp={rtp} payout={payout} upTo={varies} stake="2,50" />);
    expect(line()).toBe('RTP desta aposta: 93,1% · paga até 1,96× (R$ 4,90)');
  });

  it('crash: the automatic cash-out pays its target; without one, the cash-out the player makes', () => {
    const { unmount } = renderWithApp(<OddsLine rtp={ROUND_RTP.crash} payout={2.5} stake="4" />);
    expect(line()).toBe('RTP desta aposta: 99% · paga 2,5× (R$ 10,00)');
    unmount();
    renderWithApp(<OddsLine rtp={ROUND_RTP.crash} payout={null} stake="4" />);
    expect(line()).toBe('RTP desta aposta: 99% · paga o multiplicador em que você sacar');
  });

  it('reads the stake the player’s way: "1.000" is a thousand reais, "R$ 3" three', () => {
    const double = roundPickFigures({ kind: 'double', color: 'red' });
    const { unmount } = renderWithApp(<OddsLine {...double} stake="1.000" />);
    expect(line()).toBe('RTP desta aposta: 93,33% · paga 2× (R$ 2.000,00)');
    unmount();
    renderWithApp(<OddsLine {...double} stake="R$ 3" />);
    expect(line()).toBe('RTP desta aposta: 93,33% · paga 2× (R$ 6,00)');
  });
});
