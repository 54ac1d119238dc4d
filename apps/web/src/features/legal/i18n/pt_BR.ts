import type { Strings } from '../../../lib/i18n/strings';

/** Legal pages namespace (`legal`): the terms of service (/termos). Portuguese is the source of every key. */
const ptBR = {
  title: 'Termos de serviço',
  updated: 'Versão de {{date}}',
  contents: 'Seções',
  portugueseOnly: 'Os termos são publicados em português, a versão que vale no Brasil.',
  /** The sheet over a signed-in player who has not accepted the current terms (TermsUpdate). */
  updateTitle: 'Atualizamos os termos de serviço',
  updateText: 'Para continuar, leia e aceite a versão de {{date}}.',
  updateRead: 'Ler os termos de serviço',
  updateAccept: 'Aceitar',
  updateSignOut: 'Sair',
};

export type LegalMessages = Strings<typeof ptBR>;
export default ptBR;
