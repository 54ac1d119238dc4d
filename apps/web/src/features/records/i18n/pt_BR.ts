import type { Strings } from '../../../lib/i18n/strings';

/**
 * Records namespace (`records`): /registros, the player's records and PIX deposit orders.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Registros',
  filters: 'Filtros',
  type: 'Tipo',
  all: 'Todos',
  status: 'Situação',
  anyStatus: 'Todas',
  from: 'De',
  to: 'Até',
  /** The empty date field's pattern, one placeholder per part, in the locale's order. */
  dateParts: {
    day: 'dd',
    month: 'mm',
    year: 'aaaa',
  },
  clear: 'Limpar filtros',
  datesReversed: 'A data final deve ser igual ou posterior à inicial',
  loadMore: 'Carregar mais',
  empty: 'Nenhum registro encontrado.',
  end: 'Fim da lista',
  loginFirst: 'Entre para ver seus registros',
  with: 'Com {{user}}',
  types: {
    deposit: 'Depósito',
    withdrawal: 'Saque',
    bet: 'Aposta',
    prize: 'Prêmio',
    bonus: 'Bônus',
    transfer: 'Transferência',
    adjustment: 'Ajuste',
  },
  /** A settled bet's result corrected (a resettlement): what its settlement had given back, taken back. */
  corrected: 'Resultado corrigido',
  /** What a sports bet's cash-out (full or partial) paid. */
  cashout: 'Cash out',
  /** A settlement that gave back only stake (a void, a push, a half-lost bet's other half): not a prize. */
  refunded: 'Reembolso',
  /** Bonus money whose wagering is met, moved to cash: a line from the bonus balance, one to the cash. */
  bonusReleased: 'Bônus liberado',
  bonusFromBonus: 'do saldo de bônus',
  bonusToBalance: 'para o seu saldo',
  /** Bonus money left at its expiry, taken back. */
  bonusForfeited: 'Bônus expirado',
  /** What a stake was a bet on: the product, and a sports bet's kind (in-house games are named by their page). */
  products: {
    originals: 'Originais',
    rounds: 'Originais',
    sports: 'Esportes',
    casino: 'Cassino',
  },
  betKinds: {
    single: 'Simples',
    parlay: 'Múltipla',
    builder: 'Criar aposta',
  },
  steps: 'Etapas',
  withdrawalDetail: 'Taxa {{fee}} · você recebe {{net}} · para {{to}}',
  pixDeposit: 'Depósito PIX',
  emptyOther: 'Nenhum outro registro encontrado.',
  awaitingPix: 'Aguardando o seu PIX',
  pixDeposits: 'Depósitos PIX',
  /** A deposit still waiting for its PIX, paid later from the records. */
  payNow: 'Pagar agora',
  payBy: 'Pague o PIX até {{time}}',
  events: {
    created: 'Pedido criado',
    requested: 'Saque solicitado',
    processing: 'Processando',
    approved: 'Aprovado',
    paid: 'Pago',
    cancelled: 'Cancelado',
    expired: 'Expirado',
    failed: 'Falhou',
    rejected: 'Recusado',
    payoutError: 'Falha no pagamento, aguardando nova tentativa',
    payoutFailed: 'Falha no pagamento',
    payerMismatch: 'Pago por conta de outra pessoa',
    overLimit: 'Pago acima do seu limite de depósito',
    returned: 'Devolvido à conta que pagou',
  },
  returning: 'Em devolução',
  returnedLabel: 'Devolvido',
  overDepositLimit:
    'Este depósito foi pago depois que você baixou seu limite de depósitos e passaria dele: o valor volta para a conta que pagou e nada foi creditado.',
  notOwnCpf:
    'Depósitos PIX só são aceitos de uma conta no seu próprio CPF. Este foi pago pela conta de outra pessoa, então o valor volta para essa conta e nada foi creditado.',
  statuses: {
    pending: 'Pendente',
    cancelled: 'Cancelado',
    failed: 'Falhou',
    paid: 'Concluído',
    paying: 'Pagando',
  },
  login: 'Entrar',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type RecordsMessages = Strings<typeof ptBR>;
