import type { Strings } from '../../../lib/i18n/strings';

/** Support console namespace (`support-console`): the operators' console until the back office exists. */
const ptBR = {
  title: 'Console de atendimento',
  email: 'E-mail',
  password: 'Senha',
  totp: 'Código do autenticador',
  signIn: 'Entrar',
  signOut: 'Sair',
  stats:
    '{{conversations}} conversas em 7 dias · 1ª resposta média {{first}} s · resposta média {{average}} s',
  queue: 'Fila de conversas',
  empty: 'Nenhuma conversa aberta',
  visitor: 'visitante',
  typing: 'digitando…',
  conversation: 'Conversa',
  back: 'Fila',
  assignMe: 'Assumir',
  balance: 'Saldo',
  kyc: 'KYC',
  kycDone: 'verificado',
  kycMissing: 'pendente',
  deposits: 'Últimos depósitos',
  withdrawals: 'Últimos saques',
  depositLimit: 'Limite diário de depósito',
  exclusion: 'Exclusão',
  image: 'imagem',
  closedWith: 'Conversa encerrada: {{reason}}',
  canned: 'Respostas prontas',
  reply: 'Resposta',
  send: 'Enviar',
  closeReason: 'Motivo do encerramento',
  close: 'Encerrar',
  status: {
    open: 'aberta',
    assigned: 'atribuída',
    closed: 'encerrada',
  },
  reason: {
    resolved: 'resolvida',
    noReply: 'sem resposta',
    duplicate: 'duplicada',
    abusive: 'abusiva',
    other: 'outro',
  },
  exclusionKind: {
    cooloff: 'pausa',
    self: 'autoexclusão',
  },
};

export default ptBR;

export type SupportConsoleMessages = Strings<typeof ptBR>;
