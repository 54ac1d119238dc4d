import { defineMessages } from './define';

/** The back office's money calls: manual adjustments (two-person rule) and reports. */
/** Nigerian English shares the English texts. */
const english = {
  sameOperator: 'The operator who proposed an adjustment cannot approve it: another operator must',
  adjustmentNamedOperator:
    "Adjustments need a named operator's session: the operator key is no person, so it can neither propose nor approve or reject",
  adjustmentAmountInvalid: 'Enter a non-zero amount with at most 2 decimals, up to 1,000,000',
  adjustmentReasonRequired: 'Give a reason (at least 3 characters)',
  adjustmentNotFound: 'Adjustment not found',
  adjustmentNotPending: 'This adjustment has already been decided',
  adjustmentOverdraw: "The player's cash does not cover this debit",
  adjustmentPlayerUnknown: 'Player not found',
  reportRangeInvalid: 'The period must start on or before its end and cover at most one year',
};

export const backofficeMoneyMessages = defineMessages({
  pt_BR: {
    adjustmentNamedOperator:
      'Ajustes exigem a sessão de um operador identificado: a chave de operador não é uma pessoa e não pode propor, aprovar nem rejeitar',
    sameOperator: 'Quem propôs o ajuste não pode aprová-lo: outro operador deve aprovar',
    adjustmentAmountInvalid: 'Informe um valor diferente de zero, com até 2 casas decimais, até 1.000.000',
    adjustmentReasonRequired: 'Informe o motivo (pelo menos 3 caracteres)',
    adjustmentNotFound: 'Ajuste não encontrado',
    adjustmentNotPending: 'Este ajuste já foi decidido',
    adjustmentOverdraw: 'O saldo do jogador não cobre este débito',
    adjustmentPlayerUnknown: 'Jogador não encontrado',
    reportRangeInvalid: 'O período deve começar antes do fim ou no mesmo dia e cobrir no máximo um ano',
  },
  en: english,
  ng: english,
  id: {
    adjustmentNamedOperator:
      'Penyesuaian memerlukan sesi operator bernama: kunci operator bukan orang, jadi tidak dapat mengusulkan, menyetujui, atau menolak',
    sameOperator:
      'Operator yang mengusulkan penyesuaian tidak dapat menyetujuinya: operator lain harus menyetujui',
    adjustmentAmountInvalid: 'Masukkan jumlah bukan nol dengan paling banyak 2 desimal, hingga 1.000.000',
    adjustmentReasonRequired: 'Berikan alasan (minimal 3 karakter)',
    adjustmentNotFound: 'Penyesuaian tidak ditemukan',
    adjustmentNotPending: 'Penyesuaian ini sudah diputuskan',
    adjustmentOverdraw: 'Saldo tunai pemain tidak mencukupi debit ini',
    adjustmentPlayerUnknown: 'Pemain tidak ditemukan',
    reportRangeInvalid: 'Periode harus dimulai sebelum atau pada akhirnya dan paling lama satu tahun',
  },
  vi: {
    adjustmentNamedOperator:
      'Điều chỉnh cần phiên của một người vận hành có danh tính: khóa vận hành không phải là một người nên không thể đề xuất, phê duyệt hay từ chối',
    sameOperator: 'Người đề xuất điều chỉnh không thể phê duyệt nó: cần một người vận hành khác',
    adjustmentAmountInvalid: 'Nhập số tiền khác 0, tối đa 2 chữ số thập phân, không quá 1.000.000',
    adjustmentReasonRequired: 'Nhập lý do (ít nhất 3 ký tự)',
    adjustmentNotFound: 'Không tìm thấy điều chỉnh',
    adjustmentNotPending: 'Điều chỉnh này đã được quyết định',
    adjustmentOverdraw: 'Số dư tiền mặt của người chơi không đủ cho khoản trừ này',
    adjustmentPlayerUnknown: 'Không tìm thấy người chơi',
    reportRangeInvalid: 'Khoảng thời gian phải bắt đầu trước hoặc bằng ngày kết thúc và tối đa một năm',
  },
  ja: {
    adjustmentNamedOperator:
      '調整には名前のあるオペレーターのセッションが必要です。オペレーターキーは個人ではないため、提案も承認も却下もできません',
    sameOperator: '調整を提案したオペレーターは承認できません。別のオペレーターが承認してください',
    adjustmentAmountInvalid: '0以外で小数点以下2桁まで、1,000,000以下の金額を入力してください',
    adjustmentReasonRequired: '理由を入力してください（3文字以上）',
    adjustmentNotFound: '調整が見つかりません',
    adjustmentNotPending: 'この調整はすでに決定されています',
    adjustmentOverdraw: 'プレイヤーの現金残高がこの引き落としに足りません',
    adjustmentPlayerUnknown: 'プレイヤーが見つかりません',
    reportRangeInvalid: '期間は終了日以前に始まり、最長1年である必要があります',
  },
  ko: {
    adjustmentNamedOperator:
      '조정에는 실명 운영자의 세션이 필요합니다: 운영자 키는 사람이 아니므로 제안도 승인도 거절도 할 수 없습니다',
    sameOperator: '조정을 제안한 운영자는 승인할 수 없습니다: 다른 운영자가 승인해야 합니다',
    adjustmentAmountInvalid: '0이 아닌 소수점 2자리 이하, 1,000,000 이하의 금액을 입력하세요',
    adjustmentReasonRequired: '사유를 입력하세요 (3자 이상)',
    adjustmentNotFound: '조정을 찾을 수 없습니다',
    adjustmentNotPending: '이 조정은 이미 처리되었습니다',
    adjustmentOverdraw: '플레이어의 현금 잔액이 이 차감을 감당하지 못합니다',
    adjustmentPlayerUnknown: '플레이어를 찾을 수 없습니다',
    reportRangeInvalid: '기간은 종료일 이전 또는 같은 날 시작해야 하며 최대 1년입니다',
  },
  zh: {
    adjustmentNamedOperator: '调整需要具名操作员的会话：操作员密钥不代表任何人，既不能提出，也不能批准或拒绝',
    sameOperator: '提出调整的操作员不能批准该调整：须由另一名操作员批准',
    adjustmentAmountInvalid: '请输入非零金额，最多两位小数，不超过 1,000,000',
    adjustmentReasonRequired: '请填写原因（至少 3 个字符）',
    adjustmentNotFound: '未找到该调整',
    adjustmentNotPending: '该调整已处理',
    adjustmentOverdraw: '玩家的现金余额不足以扣除此金额',
    adjustmentPlayerUnknown: '未找到玩家',
    reportRangeInvalid: '期间的开始日期不得晚于结束日期，且最长一年',
  },
  ru: {
    adjustmentNamedOperator:
      'Для корректировки нужна сессия именного оператора: ключ оператора — не человек, он не может ни предложить, ни утвердить, ни отклонить',
    sameOperator: 'Оператор, предложивший корректировку, не может её утвердить: нужен другой оператор',
    adjustmentAmountInvalid: 'Введите ненулевую сумму, не более 2 знаков после запятой, до 1 000 000',
    adjustmentReasonRequired: 'Укажите причину (не менее 3 символов)',
    adjustmentNotFound: 'Корректировка не найдена',
    adjustmentNotPending: 'По этой корректировке уже принято решение',
    adjustmentOverdraw: 'Денежного баланса игрока не хватает для этого списания',
    adjustmentPlayerUnknown: 'Игрок не найден',
    reportRangeInvalid: 'Период должен начинаться не позже своего конца и длиться не более года',
  },
});
