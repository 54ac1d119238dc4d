import type { Strings } from '../../../lib/i18n/strings';

/** Legal pages namespace (`legal`): the terms of service (/termos). Portuguese is the source of every key. */
const ptBR = {
  title: 'Termos de serviço',
  updated: 'Versão de {{date}}',
  contents: 'Seções',
  portugueseOnly: 'Os termos são publicados em português, a versão que vale no Brasil.',
};

export type LegalMessages = Strings<typeof ptBR>;
export default ptBR;
