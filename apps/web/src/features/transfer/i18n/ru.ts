import type { TransferMessages } from './pt_BR';

const ru: TransferMessages = {
  title: 'Перевод',
  text: 'Отправьте средства другому игроку по его e-mail.',
  available: 'Доступный баланс: {{amount}}',
  username: 'Получатель (e-mail)',
  usernamePrompt: 'Введите имя пользователя для перевода',
  amount: 'Сумма перевода',
  amountPrompt: 'Введите сумму перевода',
  amountInvalid: 'Неверная сумма: не более 2 знаков после запятой, например 10,50',
  next: 'Продолжить',
  confirmTitle: 'Подтверждение перевода',
  to: 'Кому',
  confirm: 'Перевести',
  back: 'Назад',
  success: 'Перевод {{amount}} пользователю {{user}} выполнен',
  retry: 'Повторить',
  checkInput: 'Проверьте введённые данные',
  again: 'Новый перевод',
  loginFirst: 'Войдите, чтобы увидеть баланс',
  login: 'Войти',
  offTitle: 'Переводы недоступны',
  offText:
    'Правила ставок в Бразилии (Закон 14.790/2023) не разрешают отправлять баланс другому игроку. Баланс можно вывести через PIX на ключ, оформленный на ваш CPF.',
  offBack: 'Вернуться в аккаунт',
};

export default ru;
