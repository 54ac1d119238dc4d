import type { BetMessages } from './pt_BR';

const zh: BetMessages = {
  slip: { betSlip: '投注单', single: '单关', parlay: '串关', odds: '赔率', stake: '投注金额', potentialWin: '可赢金额', placeBet: '投注' },
  type: { handicap: '让球', overUnder: '大小球', winOnly: '独赢', firstHalf: '上半场', fullMatch: '全场', oddEven: '单双', cornerKick: '角球', bigSmall: '大/小' },
  result: { '0': '待开奖', '10': '赢', '11': '输一半', '20': '输', '21': '赢一半', '90': '退款', '1000': '投注成功', '-1': '开奖异常', '-10': '已投注', '-11': '投注失败', '4': '投注失败' },
  matchTime: { '0': '未开始', '1': '上半场', '2': '中场', '3': '下半场', '4': '加时', '5': '点球', '-1': '已结束', '-10': '已取消', '-11': '待定', '-12': '腰斩', '-13': '中断', '-14': '推迟' },
  period: { '1': '全场', '2': '上半场', '4': '角球', '1001': '第一节', '1002': '第二节', '1003': '第三节', '1004': '第四节' },
};

export default zh;
