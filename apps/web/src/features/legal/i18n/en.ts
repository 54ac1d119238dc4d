import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: 'Terms of service',
  updated: 'Version of {{date}}',
  contents: 'Sections',
  portugueseOnly: 'The terms are published in Portuguese, the version that governs in Brazil.',
};

export default messages;
