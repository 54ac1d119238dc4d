import type { VipMessages } from './pt_BR';

const messages: VipMessages = {
  title: 'VIP俱乐部',
  loginFirst: '登录以查看您的VIP等级和奖金。',
  login: '登录',
  loading: '加载中…',
  error: '加载失败，请重试。',
  yourLevel: '您的等级',
  level: 'VIP {{level}}',
  top: '您已达到最高等级。',
  toNext: '升至 VIP {{level}} 需同时满足：',
  deposits: '充值',
  turnover: '投注',
  levels: '等级与权益',
  rewarded: '已领取奖励',
  reward: '晋级奖励',
  needDeposits: '达到所需充值',
  withdrawals: '每日提现次数',
  fee: '提现手续费',
  bonuses: '有效奖金',
  noBonuses: '暂无有效奖金。',
  bonusAmount: '{{amount}} 奖金',
  wagering: '所需投注额',
  expires: '到期 {{time}}',
};

export default messages;
