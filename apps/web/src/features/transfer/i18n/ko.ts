import type { TransferMessages } from './pt_BR';

const ko: TransferMessages = {
  title: '송금',
  text: '사용자 이메일로 다른 플레이어에게 잔액을 보냅니다.',
  available: '사용 가능 잔액: {{amount}}',
  username: '받는 사용자(이메일)',
  usernamePrompt: '송금받을 사용자 이름을 입력하세요',
  amount: '송금 금액',
  amountPrompt: '송금 금액을 입력하세요',
  amountInvalid: '잘못된 금액: 소수점 2자리까지 입력하세요 (예: 10.50)',
  next: '계속',
  confirmTitle: '송금 확인',
  to: '받는 사람',
  confirm: '송금하기',
  back: '뒤로',
  success: '{{user}}님에게 {{amount}} 송금이 완료되었습니다',
  retry: '다시 시도',
  checkInput: '입력한 정보를 확인해 주세요',
  again: '새 송금',
  loginFirst: '로그인하면 잔액을 볼 수 있습니다',
  login: '로그인',
  offTitle: '송금을 이용할 수 없습니다',
  offText:
    '브라질 베팅 규정(법률 14.790/2023)은 다른 플레이어에게 잔액을 보내는 것을 허용하지 않습니다. 잔액은 본인 CPF의 PIX 키로 출금할 수 있습니다.',
  offBack: '계정으로 돌아가기',
};

export default ko;
