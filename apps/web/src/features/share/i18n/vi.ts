import type { ShareMessages } from './pt_BR';

const vi: ShareMessages = {
  title: 'Chia sẻ',
  text: 'Mời bạn bè bằng liên kết mời của bạn.',
  link: 'Liên kết mời của bạn',
  copyLink: 'Sao chép liên kết',
  share: 'Chia sẻ',
  shareText: 'Hãy chơi cùng tôi! Đăng ký qua liên kết mời của tôi.',
  qr: 'Mã QR liên kết mời của bạn',
  levels: 'Hoa hồng của bạn',
  howItWorks:
    'Mỗi ngày bạn nhận hoa hồng trên số tiền cược của người được mời, đến cấp 3. Hoa hồng được trả bằng tiền thưởng: thành tiền mặt sau khi đạt yêu cầu cược.',
  level: 'Cấp {{level}}',
  persons: 'Người được mời',
  rate: '{{rate}}% tiền cược',
  invitees: 'Người bạn đã mời',
  noInvitees: 'Chưa có ai. Hãy chia sẻ liên kết của bạn!',
  joined: 'Từ {{date}}',
  lastActive: 'Cược gần nhất: {{date}}',
  inactive: 'Chưa đặt cược',
  loadFailed: 'Không tải được hoa hồng.',
  retry: 'Thử lại',
};

export default vi;
