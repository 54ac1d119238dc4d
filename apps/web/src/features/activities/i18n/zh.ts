import type { ActivitiesMessages } from './pt_BR';

const zh: ActivitiesMessages = {
  title: '活动',
  listTitle: '优惠活动',
  signInFirst: '登录后查看活动和您的进度。',
  signIn: '登录',
  notFound: '未找到该活动',
  backHome: '返回首页',
  loadFailed: '活动加载失败。',
  retry: '重试',
  period: '{{from}} 至 {{to}}',
  percent: '{{percent}}%',
  percentCapped: '{{percent}}%（最高 {{cap}}）',
  reward: {
    firstDeposit: '首次充值赠送 {{reward}} 奖金',
    deposit: '活动期间充值赠送 {{reward}} 奖金',
    turnover: '活动期间投注 {{target}} 即得 {{reward}} 奖金',
  },
  progress: {
    firstDeposit: '您的首次充值',
    deposit: '期间充值',
    turnover: '期间投注',
  },
  ofTarget: '{{current}} / {{target}}',
  wagering: '流水要求：投注奖金的 {{count}} 倍后可转为可提现余额。',
  noWagering: '无流水要求：奖金直接转为可提现余额。',
  claim: '领取 {{amount}}',
  notYet: '满足条件后即可领取',
  claimed: '您已获得 {{amount}} 奖金',
  claimedAlready: '已领取：{{amount}}',
  claimFailed: '领取失败，请重试。',
  unavailable: '您的账户无法参加优惠活动。',
  ended: '该活动已结束。',
  join: '参加',
  joined: '您已参加。',
  awardTitle: '待领取的奖励',
  awardText: '您有 {{amount}} 奖金待领取。',
  later: '稍后',
};

export default zh;
