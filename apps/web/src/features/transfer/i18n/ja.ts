import type { TransferMessages } from './pt_BR';

const ja: TransferMessages = {
  title: '送金',
  text: 'ユーザーのメールアドレスを指定して、他のプレイヤーに残高を送ります。',
  available: '利用可能残高: {{amount}}',
  username: '受取ユーザー（メール）',
  usernamePrompt: '送金先のユーザー名を入力してください',
  amount: '送金額',
  amountPrompt: '送金額を入力してください',
  amountInvalid: '無効な金額です：小数点以下2桁まで（例：10.50）',
  next: '次へ',
  confirmTitle: '送金の確認',
  to: '送金先',
  confirm: '送金する',
  back: '戻る',
  success: '{{user}} へ {{amount}} の送金が完了しました',
  retry: '再試行',
  checkInput: '入力内容を確認してください',
  again: '新しい送金',
  loginFirst: 'ログインすると残高が表示されます',
  login: 'ログイン',
  offTitle: '送金はご利用いただけません',
  offText:
    'ブラジルの賭博規則（法律14.790/2023）では、他のプレイヤーへの残高の送金は認められていません。残高はご本人のCPFのPIXキーへ出金できます。',
  offBack: 'アカウントに戻る',
};

export default ja;
