import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Terms of service',
  updated: 'Version of {{date}}',
  contents: 'Sections',
  portugueseOnly: 'The terms are published in Portuguese, the version that governs in Brazil.',
  updateTitle: 'We updated the terms of service',
  updateText: 'To continue, read and accept the version of {{date}}.',
  updateRead: 'Read the terms of service',
  updateAccept: 'Accept',
  updateSignOut: 'Log out',
};

export default messages;
