import type { BetMessages } from './pt_BR';

const vi: BetMessages = {
  slip: { betSlip: 'Phiếu cược', single: 'Cược đơn', parlay: 'Cược xiên', odds: 'Tỷ lệ', stake: 'Tiền cược', potentialWin: 'Tiền thắng dự kiến', placeBet: 'Đặt cược' },
  type: { handicap: 'Kèo chấp', overUnder: 'Tài/Xỉu', winOnly: 'Chỉ thắng', firstHalf: 'Hiệp một', fullMatch: 'Cả trận', oddEven: 'Bàn thắng chẵn/lẻ', cornerKick: 'Phạt góc', bigSmall: 'Lớn/Nhỏ' },
  result: { '0': 'Chờ kết quả', '10': 'Thắng', '11': 'Thua nửa', '20': 'Thua', '21': 'Thắng nửa', '90': 'Hoàn tiền', '1000': 'Đặt cược thành công', '-1': 'Lỗi xổ số', '-10': 'Đã đặt cược', '-11': 'Cược thất bại', '4': 'Cược thất bại' },
  matchTime: { '0': 'Chưa bắt đầu', '1': 'Hiệp một', '2': 'Nghỉ giữa hiệp', '3': 'Hiệp hai', '4': 'Hiệp phụ', '5': 'Luân lưu', '-1': 'Kết thúc', '-10': 'Đã hủy', '-11': 'Chờ xác định', '-12': 'Cắt đôi', '-13': 'Bị gián đoạn', '-14': 'Hoãn' },
  period: { '1': 'Cả trận', '2': 'Hiệp một', '4': 'Phạt góc', '1001': 'Hiệp 1', '1002': 'Hiệp 2', '1003': 'Hiệp 3', '1004': 'Hiệp 4' },
};

export default vi;
