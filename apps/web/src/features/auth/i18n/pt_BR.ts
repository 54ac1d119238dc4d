import type { Strings } from '../../../lib/i18n/strings';

/**
 * Auth namespace (`auth`): sign-in, registration, captcha and password recovery (`recover`).
 * Portuguese is the source of every key; the spec's messages are verbatim.
 */
const ptBR = {
  title: 'Entrar ou registrar',
  loginTab: 'Entrar',
  registerTab: 'Registrar',
  username: 'E-mail',
  usernamePlaceholder: 'Digite seu e-mail',
  suggestions: 'Sugestões de e-mail',
  password: 'Senha',
  passwordPlaceholder: 'Digite sua senha',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  captcha: 'Código de verificação',
  captchaPlaceholder: 'Digite o código da imagem',
  captchaImage: 'Imagem do código de verificação',
  refreshCaptcha: 'Atualizar código',
  forgot: 'Esqueceu a senha?',
  submitLogin: 'Entrar',
  submitRegister: 'Registrar',
  name: 'Nome completo',
  cardNo: 'CPF',
  birthDate: 'Data de nascimento',
  lossLimit: 'Limite diário de perdas (R$)',
  timeLimit: 'Limite diário de tempo de jogo (minutos)',
  country: 'País',
  phone: 'Telefone',
  confirmPassword: 'Confirmar senha',
  regcode: 'Código de convite',
  terms: 'Tenho 18 anos ou mais e aceito os termos de serviço',
  termsRead: 'Ler os termos de serviço',
  optional: 'opcional',
  recover: {
    title: 'Recuperar senha',
    step: 'Passo {{n}} de 3',
    email: 'E-mail',
    sendCode: 'Enviar código',
    code: 'Código recebido por e-mail',
    check: 'Verificar código',
    resend: 'Reenviar código',
    changeEmail: 'Trocar e-mail',
    newPassword: 'Nova senha',
    submit: 'Salvar nova senha',
  },
};

export default ptBR;

/** Every UI language gives exactly these keys; a missing one is a compile error (and a test failure). */
export type AuthMessages = Strings<typeof ptBR>;
