import type { RewardsMessages } from './pt_BR';

const messages: RewardsMessages = {
  loginFirst: '로그인하고 보상을 확인하세요.',
  login: '로그인',
  loading: '불러오는 중…',
  error: '불러오지 못했습니다. 다시 시도해 주세요.',
  unavailable: '이 계정에서는 프로모션을 이용할 수 없습니다.',
  agent: {
    title: '에이전트 보상',
    intro:
      '내 링크로 친구를 초대하세요. 확정 입금액이 {{min}} 이상인 직접 초대자는 유효 초대자로 인정됩니다.',
    invite: '친구 초대',
    valid: '유효 초대자',
    invitees: '직접 초대자: {{count}}명',
    toNext: '{{tier}}단계까지 {{count}}명 남음',
    allReached: '모든 단계를 달성했습니다.',
    rules: '규칙',
    rule1: '직접 초대했고 {{min}} 이상 입금한 사람만 인정됩니다(확정 입금).',
    rule2: '환불되거나 지불 거절된 입금은 인정되지 않으며, 테스트 계정과 본인 CPF 계정도 제외됩니다.',
    rule3: '각 단계는 한 번만 받을 수 있습니다.',
    rule4: '보상은 보너스이며 필요한 베팅 조건을 채우면 현금이 됩니다.',
  },
  ladder: {
    title: '사다리 보너스',
    tier: '{{tier}}단계',
    needs: '유효 초대자 {{count}}명',
    claim: '받기',
    claimed: '받음',
    locked: '잠김',
    paid: '{{amount}} 보상이 보너스로 지급되었습니다.',
  },
  game: {
    title: '게임 보너스',
    intro:
      '베팅으로 보너스 입금 패키지의 보너스 배수를 잠금 해제하세요. 다음에 그 패키지로 입금하면 패키지 보너스가 한 번 배가되고 미션은 처음부터 다시 시작합니다.',
    turnover: '집계된 베팅',
    unlocked: '해제된 배수',
    next: '{{amount}} 더 베팅하면 {{bouns}}배 해제',
    top: '가장 높은 배수를 해제했습니다.',
    missions: '미션',
    mission: '{{amount}} 베팅',
    packages: '보너스 패키지',
    packageLine: '{{price}} 입금',
    packageGift: '보너스 {{gift}} × {{bouns}} = {{total}}',
    deposit: '입금',
  },
  bonuses: {
    title: '진행 중인 보너스',
    none: '진행 중인 보너스가 없습니다.',
    amount: '{{amount}} 보너스',
    wagering: '필요 베팅',
    expires: '만료 {{time}}',
    cap: '최대 {{amount}}까지 현금 전환',
    withdraw: '지금 출금하면 현금 잔액만 출금됩니다. 보너스는 베팅 조건을 채울 때까지 계정에 남습니다.',
  },
};

export default messages;
