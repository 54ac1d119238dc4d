import { defineMessages } from './define';

/** Promotions: the daily sign-in sheet and referrals. Nigerian English shares the English texts. */
const english = {
  promoSigninClaimed: 'Today’s sign-in reward is already claimed. Come back tomorrow.',
  promoUnavailable: 'Promotions are not available on your account.',
  promoBonusClosed: 'This bonus is no longer active.',
};

export const promoMessages = defineMessages({
  pt_BR: {
    promoSigninClaimed: 'A recompensa de hoje já foi resgatada. Volte amanhã.',
    promoUnavailable: 'As promoções não estão disponíveis na sua conta.',
    promoBonusClosed: 'Este bônus não está mais ativo.',
  },
  en: english,
  ng: english,
  id: {
    promoSigninClaimed: 'Hadiah absen hari ini sudah diklaim. Kembali lagi besok.',
    promoUnavailable: 'Promosi tidak tersedia untuk akun Anda.',
    promoBonusClosed: 'Bonus ini sudah tidak aktif.',
  },
  vi: {
    promoSigninClaimed: 'Phần thưởng điểm danh hôm nay đã được nhận. Hãy quay lại vào ngày mai.',
    promoUnavailable: 'Khuyến mãi không khả dụng cho tài khoản của bạn.',
    promoBonusClosed: 'Khoản thưởng này không còn hiệu lực.',
  },
  ja: {
    promoSigninClaimed: '本日のログインボーナスは受け取り済みです。また明日お越しください。',
    promoUnavailable: 'お客様のアカウントではプロモーションをご利用いただけません。',
    promoBonusClosed: 'このボーナスはすでに有効ではありません。',
  },
  ko: {
    promoSigninClaimed: '오늘의 출석 보상은 이미 받았습니다. 내일 다시 오세요.',
    promoUnavailable: '이 계정에서는 프로모션을 이용할 수 없습니다.',
    promoBonusClosed: '이 보너스는 더 이상 활성 상태가 아닙니다.',
  },
  zh: {
    promoSigninClaimed: '今日签到奖励已领取，明天再来吧。',
    promoUnavailable: '您的账户无法参加优惠活动。',
    promoBonusClosed: '该奖金已失效。',
  },
  ru: {
    promoSigninClaimed: 'Награда за сегодняшний вход уже получена. Возвращайтесь завтра.',
    promoUnavailable: 'Акции недоступны для вашего аккаунта.',
    promoBonusClosed: 'Этот бонус больше не активен.',
  },
});
