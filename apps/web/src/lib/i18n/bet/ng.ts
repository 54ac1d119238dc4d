import type { BetMessages } from './pt_BR';

const ng: BetMessages = {
  slip: { betSlip: 'Bet slip', single: 'Single', parlay: 'Accumulator', odds: 'Odds', stake: 'Stake', potentialWin: 'Potential win', placeBet: 'Place bet' },
  type: { handicap: 'Handicap', overUnder: 'Over/Under', winOnly: 'Win only', firstHalf: 'First half', fullMatch: 'Full match', oddEven: 'Goals odd/even', cornerKick: 'Corner kick', bigSmall: 'Big/Small' },
  result: { '0': 'Awaiting result', '10': 'Won', '11': 'Lost half', '20': 'Lost', '21': 'Won half', '90': 'Refund', '1000': 'Bet successful', '-1': 'Draw exception', '-10': 'Bet placed', '-11': 'Bet failed', '4': 'Bet failed' },
  matchTime: { '0': 'Not started', '1': 'First half', '2': 'Half-time', '3': 'Second half', '4': 'Extra time', '5': 'Penalties', '-1': 'Full time', '-10': 'Cancelled', '-11': 'To be determined', '-12': 'Cut in half', '-13': 'Interrupted', '-14': 'Postponed' },
  period: { '1': 'Full match', '2': 'First half', '4': 'Corners', '1001': 'Quarter 1', '1002': 'Quarter 2', '1003': 'Quarter 3', '1004': 'Quarter 4' },
};

export default ng;
