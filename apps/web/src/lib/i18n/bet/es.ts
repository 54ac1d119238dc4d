import type { BetMessages } from './pt_BR';

const es: BetMessages = {
  slip: { betSlip: 'Boleto de apuestas', single: 'Simple', parlay: 'Combinada', odds: 'Cuota', stake: 'Importe', potentialWin: 'Ganancia posible', placeBet: 'Apostar' },
  type: { handicap: 'Hándicap', overUnder: 'Más/Menos', winOnly: 'Solo ganador', firstHalf: 'Primer tiempo', fullMatch: 'Partido completo', oddEven: 'Goles par/impar', cornerKick: 'Córner', bigSmall: 'Grande/Pequeño' },
  result: { '0': 'Pendiente de sorteo', '10': 'Ganada', '11': 'Media perdida', '20': 'Perdida', '21': 'Media ganada', '90': 'Reembolso', '1000': 'Apuesta realizada con éxito', '-1': 'Error de sorteo', '-10': 'Apuesta realizada', '-11': 'Apuesta fallida', '4': 'Apuesta fallida' },
  matchTime: { '0': 'No iniciado', '1': 'Primer tiempo', '2': 'Descanso', '3': 'Segundo tiempo', '4': 'Prórroga', '5': 'Penaltis', '-1': 'Finalizado', '-10': 'Cancelado', '-11': 'Por determinar', '-12': 'Cortado a la mitad', '-13': 'Interrumpido', '-14': 'Aplazado' },
  period: { '1': 'Partido completo', '2': 'Primer tiempo', '4': 'Córners', '1001': '1.er cuarto', '1002': '2.º cuarto', '1003': '3.er cuarto', '1004': '4.º cuarto' },
};

export default es;
