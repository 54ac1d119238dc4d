import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: '利用規約',
  updated: '{{date}}版',
  contents: '目次',
  portugueseOnly: '利用規約はポルトガル語で公開されており、ブラジルで効力を持つのはその版です。',
  updateTitle: '利用規約を更新しました',
  updateText: '続けるには、{{date}}版をお読みのうえ同意してください。',
  updateRead: '利用規約を読む',
  updateAccept: '同意する',
  updateSignOut: 'ログアウト',
};

export default messages;
