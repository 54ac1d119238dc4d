import type { TransferMessages } from './pt_BR';

const zh: TransferMessages = {
  title: '转账',
  text: '通过用户邮箱向其他玩家转出余额。',
  available: '可用余额：{{amount}}',
  username: '收款用户（邮箱）',
  usernamePrompt: '请输入转账用户名',
  amount: '转账金额',
  amountPrompt: '请输入转账金额',
  amountInvalid: '金额无效：最多两位小数，例如 10.50',
  next: '继续',
  confirmTitle: '确认转账',
  to: '收款人',
  confirm: '转账',
  back: '返回',
  success: '已向 {{user}} 转账 {{amount}}',
  retry: '重试',
  checkInput: '请检查输入的信息',
  again: '再转一笔',
  loginFirst: '登录后查看余额',
  login: '登录',
  offTitle: '转账不可用',
  offText:
    '巴西博彩法规（第14.790/2023号法律）不允许向其他玩家转账。您的余额可通过PIX提现至您本人CPF名下的密钥。',
  offBack: '返回账户',
};

export default zh;
