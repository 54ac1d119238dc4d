import type { StartMaskMessages } from './pt_BR';

const ru: StartMaskMessages = {
  title: 'Ежедневная отметка',
  text: 'Нажмите, чтобы открыть лист отметок',
  signIn: {
    title: 'Лист отметок',
    rules:
      'Получайте одну награду в день (время Бразилиа). Пропустите день — 7-дневный цикл начнётся заново.',
    streak: 'Серия: {{count}} из 7 дней',
    day: 'День {{day}}',
    done: 'Получено',
    claim: 'Получить за день {{day}}',
    comeBack: 'Возвращайтесь завтра',
    claimed: 'Награда получена: {{amount}}',
    unavailable: 'Акции недоступны для вашего аккаунта.',
    signInFirst: 'Войдите, чтобы получить',
    loadFailed: 'Не удалось загрузить лист отметок.',
    retry: 'Повторить',
  },
};

export default ru;
