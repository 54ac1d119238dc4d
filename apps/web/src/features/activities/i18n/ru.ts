import type { ActivitiesMessages } from './pt_BR';

const ru: ActivitiesMessages = {
  title: 'Акция',
  listTitle: 'Акции',
  signInFirst: 'Войдите, чтобы увидеть акцию и свой прогресс.',
  signIn: 'Войти',
  notFound: 'Акция не найдена',
  backHome: 'На главную',
  loadFailed: 'Не удалось загрузить акцию.',
  retry: 'Повторить',
  period: 'С {{from}} по {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}% (до {{cap}})',
  reward: {
    firstDeposit: 'Бонус {{reward}} за первый депозит',
    deposit: 'Бонус {{reward}} с депозитов за период',
    turnover: 'Поставьте {{target}} за период и получите бонус {{reward}}',
  },
  progress: {
    firstDeposit: 'Ваш первый депозит',
    deposit: 'Внесено за период',
    turnover: 'Поставлено за период',
  },
  ofTarget: '{{current}} из {{target}}',
  wagering: 'Вейджер: поставьте бонус {{count}} раз, чтобы он стал доступен к выводу.',
  noWagering: 'Без вейджера: бонус сразу доступен к выводу.',
  claim: 'Получить {{amount}}',
  notYet: 'Выполните условия, чтобы получить',
  claimed: 'Вы получили бонус {{amount}}',
  claimedAlready: 'Получено: {{amount}}',
  claimFailed: 'Не удалось получить. Попробуйте ещё раз.',
  unavailable: 'Акции недоступны для вашего аккаунта.',
  ended: 'Эта акция завершена.',
  join: 'Участвовать',
  joined: 'Вы участвуете.',
  awardTitle: 'Награды к получению',
  awardText: 'Вас ждут бонусы на {{amount}}.',
  later: 'Позже',
};

export default ru;
