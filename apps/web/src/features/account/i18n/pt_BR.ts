import type { Strings } from '../../../lib/i18n/strings';

/**
 * Account namespace (`account`): the account panel, avatar, test account, password change and the KYC form.
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Minha conta',
  vipLevel: 'VIP {{level}}',
  email: 'E-mail',
  copyEmail: 'Copiar e-mail',
  invitationCode: 'Código de convite',
  memberSince: 'Membro desde',
  deposit: 'Depositar',
  withdraw: 'Sacar',
  account: 'Conta',
  vip: 'Nível VIP',
  records: 'Registros',
  changePassword: 'Alterar senha',
  responsibleGaming: 'Jogo responsável',
  logout: 'Sair',
  testAccount: 'Conta de teste',
  testNotice: 'Esta conta usa apenas dinheiro fictício.',
  testUser: 'Usuário',
  testPwd: 'Senha',
  testBalance: 'Saldo',
  switchAccount: 'Mudar de conta',
  testPopupTitle: 'Sua conta de teste',
  testPopupText: 'Guarde estes dados de acesso: eles são mostrados uma única vez.',
  chooseAvatar: 'Escolher avatar',
  avatar: 'Avatar {{n}}',
  changeAvatar: 'Trocar avatar',
  oldPassword: 'Senha atual',
  newPassword: 'Nova senha',
  confirmNewPassword: 'Confirmar nova senha',
  kyc: {
    title: 'Dados pessoais',
    hint: 'Seu nome e CPF identificam você nos depósitos e saques por PIX.',
    name: 'Nome completo',
    cpf: 'CPF',
  },
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type AccountMessages = Strings<typeof ptBR>;
