import type { BetMessages } from './pt_BR';

const id: BetMessages = {
  slip: { betSlip: 'Slip taruhan', single: 'Tunggal', parlay: 'Parlay', odds: 'Odds', stake: 'Jumlah taruhan', potentialWin: 'Potensi menang', placeBet: 'Pasang taruhan' },
  type: { handicap: 'Handicap', overUnder: 'Over/Under', winOnly: 'Menang saja', firstHalf: 'Babak pertama', fullMatch: 'Pertandingan penuh', oddEven: 'Gol ganjil/genap', cornerKick: 'Tendangan sudut', bigSmall: 'Besar/Kecil' },
  result: { '0': 'Menunggu hasil', '10': 'Menang', '11': 'Kalah setengah', '20': 'Kalah', '21': 'Menang setengah', '90': 'Pengembalian', '1000': 'Taruhan berhasil', '-1': 'Pengecualian undian', '-10': 'Taruhan dipasang', '-11': 'Taruhan gagal', '4': 'Taruhan gagal' },
  matchTime: { '0': 'Belum dimulai', '1': 'Babak pertama', '2': 'Jeda', '3': 'Babak kedua', '4': 'Perpanjangan waktu', '5': 'Adu penalti', '-1': 'Selesai', '-10': 'Dibatalkan', '-11': 'Akan ditentukan', '-12': 'Dipotong setengah', '-13': 'Terhenti', '-14': 'Ditunda' },
  period: { '1': 'Pertandingan penuh', '2': 'Babak pertama', '4': 'Tendangan sudut', '1001': 'Kuarter 1', '1002': 'Kuarter 2', '1003': 'Kuarter 3', '1004': 'Kuarter 4' },
};

export default id;
