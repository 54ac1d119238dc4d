/**
 * Sportsbook vocabulary (spec section 1): bet slip, bet types, statuses. Result, match-time and period labels
 * are keyed by the shared code tables' values (packages/contracts codes.ts).
 */
const ptBR = {
  slip: {
    betSlip: 'Boletim de apostas',
    single: 'Simples',
    parlay: 'Múltipla',
    odds: 'Odds',
    stake: 'Valor da aposta',
    potentialWin: 'Ganho possível',
    placeBet: 'Apostar',
  },
  type: {
    handicap: 'Handicap',
    overUnder: 'Mais/Menos',
    winOnly: 'Vencedor',
    firstHalf: 'Primeiro tempo',
    fullMatch: 'Partida completa',
    oddEven: 'Gols ímpar/par',
    cornerKick: 'Escanteios',
    bigSmall: 'Grande/Pequeno',
  },
  result: {
    '0': 'Aguardando sorteio',
    '10': 'Ganhou',
    '11': 'Perdeu metade',
    '20': 'Perdeu',
    '21': 'Ganhou metade',
    '90': 'Reembolso',
    '1000': 'Aposta bem-sucedida',
    '-1': 'Exceção do sorteio',
    '-10': 'Aposta feita',
    '-11': 'Aposta falhou',
    '4': 'Aposta falhou',
  },
  matchTime: {
    '0': 'Não iniciado',
    '1': 'Primeiro tempo',
    '2': 'Intervalo',
    '3': 'Segundo tempo',
    '4': 'Prorrogação',
    '5': 'Pênaltis',
    '-1': 'Encerrado',
    '-10': 'Cancelado',
    '-11': 'A definir',
    '-12': 'Cortado ao meio',
    '-13': 'Interrompido',
    '-14': 'Adiado',
  },
  period: {
    '1': 'Partida completa',
    '2': 'Primeiro tempo',
    '4': 'Escanteios',
    '1001': '1º quarto',
    '1002': '2º quarto',
    '1003': '3º quarto',
    '1004': '4º quarto',
  },
};

export default ptBR;

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type BetMessages = Strings<typeof ptBR>;
