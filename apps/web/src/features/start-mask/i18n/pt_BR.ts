import type { Strings } from '../../../lib/i18n/strings';

/**
 * Start-mask namespace (`start-mask`): the daily presence mask and its sign-in sheet.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Presença diária',
  text: 'Toque para abrir sua folha de presença',
  signIn: {
    title: 'Folha de presença',
    rules:
      'Resgate uma recompensa por dia (horário de Brasília). Se faltar um dia, o ciclo de 7 dias recomeça. A recompensa é bônus: vira dinheiro depois das apostas exigidas.',
    streak: 'Sequência: {{count}} de 7 dias',
    day: 'Dia {{day}}',
    done: 'Resgatado',
    claim: 'Resgatar dia {{day}}',
    comeBack: 'Volte amanhã',
    claimed: 'Recompensa resgatada: {{amount}}',
    unavailable: 'Promoções não estão disponíveis na sua conta.',
    signInFirst: 'Entre para resgatar',
    loadFailed: 'Não foi possível carregar a folha de presença.',
    retry: 'Tentar de novo',
  },
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type StartMaskMessages = Strings<typeof ptBR>;
