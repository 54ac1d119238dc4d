import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: '利用規約',
  updated: '{{date}}版',
  contents: '目次',
  portugueseOnly: '利用規約はポルトガル語で公開されており、ブラジルで効力を持つのはその版です。',
};

export default messages;
