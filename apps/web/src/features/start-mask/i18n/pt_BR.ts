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
  },
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type StartMaskMessages = Strings<typeof ptBR>;
