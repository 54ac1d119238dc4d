import type { BetMessages } from './pt_BR';

const it: BetMessages = {
  slip: { betSlip: 'Schedina', single: 'Singola', parlay: 'Multipla', odds: 'Quota', stake: 'Importo', potentialWin: 'Vincita potenziale', placeBet: 'Scommetti' },
  type: { handicap: 'Handicap', overUnder: 'Over/Under', winOnly: 'Solo vincente', firstHalf: 'Primo tempo', fullMatch: 'Partita intera', oddEven: 'Gol pari/dispari', cornerKick: 'Calcio d\'angolo', bigSmall: 'Grande/Piccolo' },
  result: { '0': 'In attesa di estrazione', '10': 'Vinta', '11': 'Mezza persa', '20': 'Persa', '21': 'Mezza vinta', '90': 'Rimborso', '1000': 'Scommessa riuscita', '-1': 'Anomalia di estrazione', '-10': 'Scommessa piazzata', '-11': 'Scommessa fallita', '4': 'Scommessa fallita' },
  matchTime: { '0': 'Non iniziata', '1': 'Primo tempo', '2': 'Intervallo', '3': 'Secondo tempo', '4': 'Supplementari', '5': 'Rigori', '-1': 'Terminata', '-10': 'Annullata', '-11': 'Da definire', '-12': 'Dimezzata', '-13': 'Interrotta', '-14': 'Rinviata' },
  period: { '1': 'Partita intera', '2': 'Primo tempo', '4': 'Calci d\'angolo', '1001': '1º quarto', '1002': '2º quarto', '1003': '3º quarto', '1004': '4º quarto' },
};

export default it;
