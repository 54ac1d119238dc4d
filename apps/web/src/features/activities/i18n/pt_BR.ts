import type { Strings } from '../../../lib/i18n/strings';

/**
 * Activities namespace (`activities`): the activity page (/active{id}), home's promotions and the
 * active-award overlay. Portuguese is the source of every key.
 */
const ptBR = {
  title: 'Atividade',
  listTitle: 'Promoções',
  signInFirst: 'Entre na sua conta para ver a atividade e o seu progresso.',
  signIn: 'Entrar',
  notFound: 'Atividade não encontrada',
  backHome: 'Voltar ao início',
  loadFailed: 'Não foi possível carregar a atividade.',
  retry: 'Tentar de novo',
  period: 'De {{from}} até {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}% (até {{cap}})',
  reward: {
    firstDeposit: 'Bônus de {{reward}} no seu primeiro depósito',
    deposit: 'Bônus de {{reward}} dos seus depósitos no período',
    turnover: 'Aposte {{target}} no período e ganhe {{reward}} de bônus',
  },
  progress: {
    firstDeposit: 'Seu primeiro depósito',
    deposit: 'Depositado no período',
    turnover: 'Apostado no período',
  },
  ofTarget: '{{current}} de {{target}}',
  wagering: 'Rollover: aposte {{count}}x o bônus para ele virar saldo sacável.',
  noWagering: 'Sem rollover: o bônus vira saldo sacável.',
  claim: 'Resgatar {{amount}}',
  notYet: 'Cumpra as condições para resgatar',
  claimed: 'Você recebeu {{amount}} de bônus',
  claimedAlready: 'Resgatado: {{amount}}',
  claimFailed: 'Não foi possível resgatar. Tente de novo.',
  unavailable: 'As promoções não estão disponíveis na sua conta.',
  ended: 'Esta atividade foi encerrada.',
  join: 'Participar',
  joined: 'Você está participando.',
  awardTitle: 'Recompensas para resgatar',
  awardText: 'Você tem {{amount}} em bônus esperando por você.',
  later: 'Depois',
};

export type ActivitiesMessages = Strings<typeof ptBR>;
export default ptBR;
