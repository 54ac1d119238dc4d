import type { StartMaskMessages } from './pt_BR';

const zh: StartMaskMessages = {
  title: '每日签到',
  text: '点击打开签到表',
  signIn: {
    title: '签到表',
    rules:
      '每天可领取一次奖励（巴西利亚时间）。漏签一天，7天周期将重新开始。奖励为彩金：完成所需流水后转为现金。',
    streak: '连续：{{count}}/7天',
    day: '第{{day}}天',
    done: '已领取',
    claim: '领取第{{day}}天',
    comeBack: '明天再来',
    claimed: '奖励已领取：{{amount}}',
    unavailable: '您的账户无法参加优惠活动。',
    signInFirst: '登录后领取',
    loadFailed: '无法加载签到表。',
    retry: '重试',
  },
};

export default zh;
