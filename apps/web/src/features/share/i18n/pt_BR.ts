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
  share: 'Compartilhar',
  shareText: 'Venha jogar comigo! Cadastre-se pelo meu link de convite.',
  qr: 'QR code do seu link de convite',
  levels: 'Suas comissões',
  howItWorks:
    'Todos os dias você recebe uma comissão sobre o valor apostado pelos seus convidados, até o 3º nível. A comissão é paga em bônus: vira dinheiro depois das apostas exigidas.',
  level: 'Nível {{level}}',
  persons: 'Convidados',
  rate: '{{rate}}% do apostado',
  invitees: 'Seus convidados',
  noInvitees: 'Ninguém ainda. Compartilhe o seu link!',
  joined: 'Desde {{date}}',
  lastActive: 'Última aposta: {{date}}',
  inactive: 'Sem apostas ainda',
  loadFailed: 'Não foi possível carregar as comissões.',
  retry: 'Tentar de novo',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type ShareMessages = Strings<typeof ptBR>;
