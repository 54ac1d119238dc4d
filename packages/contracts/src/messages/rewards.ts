import { defineMessages } from './define';

/** Agent ladder and game bonus. Nigerian English shares the English texts. */
const english = {
  ladderTierUnknown: 'There is no such ladder tier.',
  ladderTierNotReached: 'You do not have enough valid invitees for this tier yet.',
  ladderTierClaimed: 'This tier’s reward is already claimed.',
};

export const rewardsMessages = defineMessages({
  pt_BR: {
    ladderTierUnknown: 'Este nível da escada não existe.',
    ladderTierNotReached: 'Você ainda não tem convidados válidos suficientes para este nível.',
    ladderTierClaimed: 'A recompensa deste nível já foi resgatada.',
  },
  en: english,
  ng: english,
  id: {
    ladderTierUnknown: 'Tingkat tangga ini tidak ada.',
    ladderTierNotReached: 'Anda belum memiliki cukup undangan yang valid untuk tingkat ini.',
    ladderTierClaimed: 'Hadiah tingkat ini sudah diklaim.',
  },
  vi: {
    ladderTierUnknown: 'Cấp bậc thang này không tồn tại.',
    ladderTierNotReached: 'Bạn chưa có đủ người được mời hợp lệ cho cấp này.',
    ladderTierClaimed: 'Phần thưởng của cấp này đã được nhận.',
  },
  ja: {
    ladderTierUnknown: 'このランクは存在しません。',
    ladderTierNotReached: 'このランクに必要な有効な招待者がまだ足りません。',
    ladderTierClaimed: 'このランクの報酬は受け取り済みです。',
  },
  ko: {
    ladderTierUnknown: '존재하지 않는 단계입니다.',
    ladderTierNotReached: '이 단계에 필요한 유효 초대자가 아직 부족합니다.',
    ladderTierClaimed: '이 단계의 보상은 이미 받았습니다.',
  },
  zh: {
    ladderTierUnknown: '该阶梯等级不存在。',
    ladderTierNotReached: '您的有效邀请人数尚未达到该等级。',
    ladderTierClaimed: '该等级的奖励已领取。',
  },
  ru: {
    ladderTierUnknown: 'Такой ступени нет.',
    ladderTierNotReached: 'Для этой ступени пока не хватает действительных приглашённых.',
    ladderTierClaimed: 'Награда этой ступени уже получена.',
  },
});
