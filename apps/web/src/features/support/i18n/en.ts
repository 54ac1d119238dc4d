import type { SupportMessages } from './pt_BR';

const en: SupportMessages = {
  title: 'Customer service',
  open: 'Open customer service',
  text: 'Live chat with our team will be available soon.',
};

export default en;
