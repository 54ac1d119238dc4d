import type { Strings } from '../../../lib/i18n/strings';

/**
 * Transfer namespace (`transfer`): the transfer between players (/transfer).
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Transferir',
  text: 'Envie saldo para outro jogador pelo e-mail de usuário.',
  available: 'Saldo disponível: {{amount}}',
  username: 'Usuário que recebe (e-mail)',
  usernamePrompt: 'Digite o usuário da transferência',
  amount: 'Valor da transferência',
  amountPrompt: 'Digite o valor da transferência',
  amountInvalid: 'Valor inválido: use no máximo 2 casas decimais, como 10,50',
  next: 'Continuar',
  confirmTitle: 'Confirmar transferência',
  to: 'Para',
  confirm: 'Transferir',
  back: 'Voltar',
  success: 'Transferência de {{amount}} para {{user}} concluída',
  retry: 'Tentar novamente',
  checkInput: 'Verifique as informações inseridas',
  again: 'Nova transferência',
  loginFirst: 'Entre para ver seu saldo',
  login: 'Entrar',
  offTitle: 'Transferências não disponíveis',
  offText:
    'A regulamentação brasileira de apostas (Lei 14.790/2023) não permite enviar saldo a outro jogador. Seu saldo pode ser sacado por PIX para uma chave no seu próprio CPF.',
  offBack: 'Voltar para a conta',
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type TransferMessages = Strings<typeof ptBR>;
