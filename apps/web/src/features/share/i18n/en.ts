import type { ShareMessages } from './pt_BR';

const en: ShareMessages = {
  title: 'Share',
  text: 'Invite friends with your invitation link.',
  link: 'Your invitation link',
  copyLink: 'Copy link',
};

export default en;
