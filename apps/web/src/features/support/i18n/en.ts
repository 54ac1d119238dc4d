import type { SupportMessages } from './pt_BR';

const en: SupportMessages = {
  title: 'Customer service',
  open: 'Open customer service',
  openUnread: 'Open customer service ({{count}} new)',
  hosted: 'Opening the chat…',
  visitorIntro: 'Enter your e-mail to chat with our team.',
  email: 'E-mail',
  start: 'Start chat',
  empty: 'Hello! How can we help?',
  typing: 'The agent is typing…',
  closed: 'Conversation closed. Send a message to open a new one.',
  imageTooLarge: 'The image is too large (at most 2 MB)',
  imageType: 'Only PNG, JPEG, GIF or WebP images can be sent',
  attach: 'Attach image',
  message: 'Message',
  placeholder: 'Write your message',
  send: 'Send',
  agent: 'Agent',
  image: 'Image',
  read: 'Read',
  sent: 'Sent',
};

export default en;
