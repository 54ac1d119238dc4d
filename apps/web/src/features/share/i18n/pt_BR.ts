import type { Strings } from '../../../lib/i18n/strings';

/**
 * Share namespace (`share`): the invite page (/share).
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Compartilhar',
  text: 'Convide amigos com o seu link de convite.',
  link: 'Seu link de convite',
  copyLink: 'Copiar link',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type ShareMessages = Strings<typeof ptBR>;
