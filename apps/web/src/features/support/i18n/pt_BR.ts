import type { Strings } from '../../../lib/i18n/strings';

/**
 * Support namespace (`support`): the customer-service button and chat panel.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Atendimento ao cliente',
  open: 'Abrir atendimento',
  text: 'O chat ao vivo com nossa equipe estará disponível em breve.',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type SupportMessages = Strings<typeof ptBR>;
