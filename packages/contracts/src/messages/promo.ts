import { defineMessages } from './define';

/** Promotions: the daily sign-in sheet and referrals. Nigerian English shares the English texts. */
const english = {
  promoSigninClaimed: 'Today’s sign-in reward is already claimed. Come back tomorrow.',
  promoUnavailable: 'Promotions are not available on your account.',
  promoBonusClosed: 'This bonus is no longer active.',
  promoGrantOverDailyMax:
    'Bonuses granted to this player in 24 hours would go over {amount}: a larger credit is a manual adjustment, which a second operator approves.',
};

export const promoMessages = defineMessages({
  pt_BR: {
    promoSigninClaimed: 'A recompensa de hoje já foi resgatada. Volte amanhã.',
    promoUnavailable: 'As promoções não estão disponíveis na sua conta.',
    promoBonusClosed: 'Este bônus não está mais ativo.',
    promoGrantOverDailyMax:
      'Os bônus concedidos a este jogador em 24 horas passariam de {amount}: um crédito maior é um ajuste manual, aprovado por um segundo operador.',
  },
  en: english,
  ng: english,
  id: {
    promoSigninClaimed: 'Hadiah absen hari ini sudah diklaim. Kembali lagi besok.',
    promoUnavailable: 'Promosi tidak tersedia untuk akun Anda.',
    promoBonusClosed: 'Bonus ini sudah tidak aktif.',
    promoGrantOverDailyMax:
      'Bonus yang diberikan kepada pemain ini dalam 24 jam akan melebihi {amount}: kredit yang lebih besar adalah penyesuaian manual yang disetujui operator kedua.',
  },
  vi: {
    promoSigninClaimed: 'Phần thưởng điểm danh hôm nay đã được nhận. Hãy quay lại vào ngày mai.',
    promoUnavailable: 'Khuyến mãi không khả dụng cho tài khoản của bạn.',
    promoBonusClosed: 'Khoản thưởng này không còn hiệu lực.',
    promoGrantOverDailyMax:
      'Tiền thưởng cấp cho người chơi này trong 24 giờ sẽ vượt quá {amount}: khoản ghi có lớn hơn là điều chỉnh thủ công, do một nhân viên thứ hai phê duyệt.',
  },
  ja: {
    promoSigninClaimed: '本日のログインボーナスは受け取り済みです。また明日お越しください。',
    promoUnavailable: 'お客様のアカウントではプロモーションをご利用いただけません。',
    promoBonusClosed: 'このボーナスはすでに有効ではありません。',
    promoGrantOverDailyMax:
      'このプレイヤーへの24時間以内のボーナス付与が{amount}を超えます。これより大きい入金は、別のオペレーターが承認する手動調整で行ってください。',
  },
  ko: {
    promoSigninClaimed: '오늘의 출석 보상은 이미 받았습니다. 내일 다시 오세요.',
    promoUnavailable: '이 계정에서는 프로모션을 이용할 수 없습니다.',
    promoBonusClosed: '이 보너스는 더 이상 활성 상태가 아닙니다.',
    promoGrantOverDailyMax:
      '이 플레이어에게 24시간 동안 지급한 보너스가 {amount}을(를) 넘게 됩니다. 더 큰 금액은 두 번째 운영자가 승인하는 수동 조정으로 처리하세요.',
  },
  zh: {
    promoSigninClaimed: '今日签到奖励已领取，明天再来吧。',
    promoUnavailable: '您的账户无法参加优惠活动。',
    promoBonusClosed: '该奖金已失效。',
    promoGrantOverDailyMax:
      '24 小时内向该玩家发放的奖金将超过 {amount}：更大的金额请使用手动调账，由第二位操作员审批。',
  },
  ru: {
    promoSigninClaimed: 'Награда за сегодняшний вход уже получена. Возвращайтесь завтра.',
    promoUnavailable: 'Акции недоступны для вашего аккаунта.',
    promoBonusClosed: 'Этот бонус больше не активен.',
    promoGrantOverDailyMax:
      'Бонусы, начисленные этому игроку за 24 часа, превысят {amount}: большее начисление — это ручная корректировка, которую утверждает второй оператор.',
  },
});
