import type { BetMessages } from './pt_BR';

const fr: BetMessages = {
  slip: { betSlip: 'Coupon de pari', single: 'Simple', parlay: 'Combiné', odds: 'Cote', stake: 'Mise', potentialWin: 'Gain potentiel', placeBet: 'Parier' },
  type: { handicap: 'Handicap', overUnder: 'Plus/Moins', winOnly: 'Vainqueur seul', firstHalf: 'Première mi-temps', fullMatch: 'Match complet', oddEven: 'Buts pair/impair', cornerKick: 'Corner', bigSmall: 'Grand/Petit' },
  result: { '0': 'En attente du tirage', '10': 'Gagné', '11': 'Moitié perdue', '20': 'Perdu', '21': 'Moitié gagnée', '90': 'Remboursement', '1000': 'Pari réussi', '-1': 'Anomalie du tirage', '-10': 'Pari placé', '-11': 'Pari échoué', '4': 'Pari échoué' },
  matchTime: { '0': 'Pas commencé', '1': 'Première mi-temps', '2': 'Mi-temps', '3': 'Seconde mi-temps', '4': 'Prolongation', '5': 'Tirs au but', '-1': 'Terminé', '-10': 'Annulé', '-11': 'À déterminer', '-12': 'Coupé en deux', '-13': 'Interrompu', '-14': 'Reporté' },
  period: { '1': 'Match complet', '2': 'Première mi-temps', '4': 'Corners', '1001': '1er quart-temps', '1002': '2e quart-temps', '1003': '3e quart-temps', '1004': '4e quart-temps' },
};

export default fr;
