import type { Strings } from '../../../lib/i18n/strings';

/**
 * Notice namespace (`notice`): the operator's notice banner.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  label: 'Aviso',
  close: 'Fechar aviso',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type NoticeMessages = Strings<typeof ptBR>;
