import type { ShareMessages } from './pt_BR';

const id: ShareMessages = {
  title: 'Bagikan',
  text: 'Undang teman dengan tautan undangan Anda.',
  link: 'Tautan undangan Anda',
  copyLink: 'Salin tautan',
};

export default id;
