import type { ShareMessages } from './pt_BR';

const ru: ShareMessages = {
  title: 'Поделиться',
  text: 'Приглашайте друзей по своей ссылке.',
  link: 'Ваша ссылка-приглашение',
  copyLink: 'Копировать ссылку',
  share: 'Поделиться',
  shareText: 'Играй вместе со мной! Регистрируйся по моей ссылке.',
  qr: 'QR-код вашей ссылки-приглашения',
  levels: 'Ваша комиссия',
  howItWorks: 'Каждый день вы получаете комиссию с суммы ставок приглашённых, до 3-го уровня.',
  level: 'Уровень {{level}}',
  persons: 'Приглашённые',
  rate: '{{rate}}% от ставок',
  invitees: 'Ваши приглашённые',
  noInvitees: 'Пока никого. Поделитесь ссылкой!',
  joined: 'С {{date}}',
  lastActive: 'Последняя ставка: {{date}}',
  inactive: 'Ставок пока нет',
  loadFailed: 'Не удалось загрузить комиссию.',
  retry: 'Повторить',
};

export default ru;
