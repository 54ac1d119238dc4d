import type { Strings } from '../../../lib/i18n/strings';

/**
 * Support namespace (`support`): the customer-service button and chat panel.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Atendimento ao cliente',
  open: 'Abrir atendimento',
  openUnread: 'Abrir atendimento ({{count}} novas)',
  hosted: 'Abrindo o chat…',
  visitorIntro: 'Informe seu e-mail para conversar com nossa equipe.',
  email: 'E-mail',
  start: 'Iniciar chat',
  empty: 'Olá! Como podemos ajudar?',
  typing: 'O atendente está digitando…',
  closed: 'Conversa encerrada. Envie uma mensagem para abrir uma nova.',
  imageTooLarge: 'A imagem é grande demais (no máximo 2 MB)',
  imageType: 'Só é possível enviar imagens PNG, JPEG, GIF ou WebP',
  attach: 'Anexar imagem',
  message: 'Mensagem',
  placeholder: 'Escreva sua mensagem',
  send: 'Enviar',
  agent: 'Atendente',
  image: 'Imagem',
  read: 'Lida',
  sent: 'Enviada',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type SupportMessages = Strings<typeof ptBR>;
