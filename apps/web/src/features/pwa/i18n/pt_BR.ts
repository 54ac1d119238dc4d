import type { Strings } from '../../../lib/i18n/strings';

/** The installable app namespace (`pwa`): the install sheet and the notifications switch. */
const ptBR = {
  title: 'Instalar o app',
  why: 'Abra o Aposta direto da tela inicial, em tela cheia, e receba avisos de depósitos e saques.',
  install: 'Instalar',
  installed: 'Instalado',
  iosTitle: 'Como instalar no iPhone',
  iosShare: 'Toque em Compartilhar na barra do Safari',
  iosAdd: 'Escolha “Adicionar à Tela de Início”',
  iosConfirm: 'Toque em “Adicionar”',
  manual: 'Abra o menu do navegador e escolha “Instalar app” ou “Adicionar à tela inicial”.',
  nativeApp: 'Baixar o app nativo',
  notifications: 'Notificações',
  notificationsHint: 'Depósito creditado e saque pago',
  blocked: 'Bloqueadas nas configurações do navegador',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type PwaMessages = Strings<typeof ptBR>;
