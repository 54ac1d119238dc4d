import type { BetMessages } from './pt_BR';

const de: BetMessages = {
  slip: { betSlip: 'Wettschein', single: 'Einzelwette', parlay: 'Kombiwette', odds: 'Quote', stake: 'Einsatz', potentialWin: 'Möglicher Gewinn', placeBet: 'Wette platzieren' },
  type: { handicap: 'Handicap', overUnder: 'Über/Unter', winOnly: 'Nur Sieg', firstHalf: 'Erste Halbzeit', fullMatch: 'Ganzes Spiel', oddEven: 'Tore gerade/ungerade', cornerKick: 'Eckball', bigSmall: 'Groß/Klein' },
  result: { '0': 'Wird ausgelost', '10': 'Gewonnen', '11': 'Halb verloren', '20': 'Verloren', '21': 'Halb gewonnen', '90': 'Erstattung', '1000': 'Wette erfolgreich', '-1': 'Ziehungsfehler', '-10': 'Wette platziert', '-11': 'Wette fehlgeschlagen', '4': 'Wette fehlgeschlagen' },
  matchTime: { '0': 'Nicht begonnen', '1': 'Erste Halbzeit', '2': 'Halbzeitpause', '3': 'Zweite Halbzeit', '4': 'Verlängerung', '5': 'Elfmeterschießen', '-1': 'Beendet', '-10': 'Abgesagt', '-11': 'Wird festgelegt', '-12': 'Halbiert', '-13': 'Unterbrochen', '-14': 'Verschoben' },
  period: { '1': 'Ganzes Spiel', '2': 'Erste Halbzeit', '4': 'Ecken', '1001': '1. Viertel', '1002': '2. Viertel', '1003': '3. Viertel', '1004': '4. Viertel' },
};

export default de;
