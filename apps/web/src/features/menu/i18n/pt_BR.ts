import type { Strings } from '../../../lib/i18n/strings';

/**
 * Menu namespace (`menu`): the settings menu and its language picker.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Menu',
  agent: 'Agente',
  agentLadder: 'Escada de agente',
  vip: 'VIP',
  gameBonus: 'Bônus de jogo',
  vipClub: 'Clube VIP',
  share: 'Compartilhar',
  download: 'Baixar o app',
  installed: 'Instalado',
  social: 'Redes sociais',
  messaging: 'Suporte por mensagem',
  customerService: 'Atendimento ao cliente',
  language: 'Idioma',
  languagePicker: {
    title: 'Idioma',
  },
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type MenuMessages = Strings<typeof ptBR>;
