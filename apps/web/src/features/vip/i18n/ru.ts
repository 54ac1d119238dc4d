import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'VIP-клуб',
  loginFirst: 'Войдите, чтобы увидеть свой VIP-уровень и бонусы.',
  login: 'Войти',
  loading: 'Загрузка…',
  error: 'Не удалось загрузить. Попробуйте ещё раз.',
  yourLevel: 'Ваш уровень',
  level: 'VIP {{level}}',
  top: 'У вас высший уровень.',
  toNext: 'Для VIP {{level}} нужно и то, и другое:',
  deposits: 'Депозиты',
  turnover: 'Ставки',
  levels: 'Уровни и преимущества',
  rewarded: 'Награда получена',
  reward: 'Награда за уровень',
  needDeposits: 'Депозиты для уровня',
  withdrawals: 'Выводов в день',
  fee: 'Комиссия за вывод',
  bonuses: 'Активные бонусы',
  noBonuses: 'Нет активных бонусов.',
  bonusAmount: 'Бонус {{amount}}',
  wagering: 'Требуемый оборот',
  expires: 'Истекает {{time}}',
};

export default messages;
