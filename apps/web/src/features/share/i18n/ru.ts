import type { ShareMessages } from './pt_BR';

const ru: ShareMessages = {
  title: 'Поделиться',
  text: 'Приглашайте друзей по своей ссылке.',
  link: 'Ваша ссылка-приглашение',
  copyLink: 'Копировать ссылку',
};

export default ru;
