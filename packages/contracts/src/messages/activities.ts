import { defineMessages } from './define';

/** Activities (promotions with a reward to claim). Nigerian English shares the English texts. */
const english = {
  activityNotLive: 'This activity is not running.',
  activityNothingToClaim: 'There is nothing to claim yet: see the activity’s conditions.',
  activityClaimed: 'You have already claimed this reward.',
  activityStale: 'Someone else changed this activity. Reload it and try again.',
  activityEnded: 'This activity has ended and can no longer be changed.',
};

export const activitiesMessages = defineMessages({
  pt_BR: {
    activityNotLive: 'Esta atividade não está em andamento.',
    activityNothingToClaim: 'Ainda não há nada para resgatar: veja as condições da atividade.',
    activityClaimed: 'Você já resgatou esta recompensa.',
    activityStale: 'Outra pessoa alterou esta atividade. Recarregue e tente de novo.',
    activityEnded: 'Esta atividade foi encerrada e não pode mais ser alterada.',
  },
  en: english,
  ng: english,
  id: {
    activityNotLive: 'Aktivitas ini tidak sedang berlangsung.',
    activityNothingToClaim: 'Belum ada yang bisa diklaim: lihat syarat aktivitas.',
    activityClaimed: 'Anda sudah mengklaim hadiah ini.',
    activityStale: 'Orang lain telah mengubah aktivitas ini. Muat ulang dan coba lagi.',
    activityEnded: 'Aktivitas ini telah berakhir dan tidak dapat diubah lagi.',
  },
  vi: {
    activityNotLive: 'Hoạt động này hiện không diễn ra.',
    activityNothingToClaim: 'Chưa có gì để nhận: xem điều kiện của hoạt động.',
    activityClaimed: 'Bạn đã nhận phần thưởng này.',
    activityStale: 'Người khác đã thay đổi hoạt động này. Hãy tải lại và thử lại.',
    activityEnded: 'Hoạt động này đã kết thúc và không thể thay đổi nữa.',
  },
  ja: {
    activityNotLive: 'このアクティビティは開催されていません。',
    activityNothingToClaim: 'まだ受け取れる報酬はありません。アクティビティの条件をご確認ください。',
    activityClaimed: 'この報酬はすでに受け取り済みです。',
    activityStale: 'このアクティビティは他の人によって変更されました。再読み込みしてもう一度お試しください。',
    activityEnded: 'このアクティビティは終了したため、変更できません。',
  },
  ko: {
    activityNotLive: '진행 중인 이벤트가 아닙니다.',
    activityNothingToClaim: '아직 받을 보상이 없습니다. 이벤트 조건을 확인하세요.',
    activityClaimed: '이미 이 보상을 받았습니다.',
    activityStale: '다른 사람이 이 이벤트를 변경했습니다. 새로 고친 후 다시 시도하세요.',
    activityEnded: '종료된 이벤트는 더 이상 변경할 수 없습니다.',
  },
  zh: {
    activityNotLive: '该活动未在进行中。',
    activityNothingToClaim: '暂无可领取的奖励：请查看活动条件。',
    activityClaimed: '您已领取过该奖励。',
    activityStale: '该活动已被他人修改，请刷新后重试。',
    activityEnded: '该活动已结束，无法再修改。',
  },
  ru: {
    activityNotLive: 'Эта акция сейчас не проводится.',
    activityNothingToClaim: 'Пока нечего получать: смотрите условия акции.',
    activityClaimed: 'Вы уже получили эту награду.',
    activityStale: 'Кто-то другой изменил эту акцию. Обновите страницу и попробуйте снова.',
    activityEnded: 'Эта акция завершена и больше не может быть изменена.',
  },
});
