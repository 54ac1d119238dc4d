import type { Strings } from '../../../lib/i18n/strings';

/**
 * Realtime namespace (`realtime`): the popups pushed over the socket.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  bonus: {
    title: 'Aumente seu bônus',
    text: 'Aposte {{amount}} e multiplique seu bônus por {{bouns}}.',
    unlocked: 'Você desbloqueou {{bouns}}x: deposite por um pacote com bônus e o bônus é multiplicado.',
    cta: 'Depositar agora',
    later: 'Agora não',
  },
  autoCashout: 'Cash out automático: sua aposta pagou {{amount}}.',
  bonusReleased: 'Bônus liberado: {{amount}} foram para o seu saldo.',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type RealtimeMessages = Strings<typeof ptBR>;
