import type { StartMaskMessages } from './pt_BR';

const en: StartMaskMessages = {
  title: 'Daily check-in',
  text: 'Tap to open your check-in sheet',
  signIn: {
    title: 'Check-in sheet',
    rules:
      'Claim one reward a day (Brasília time). Miss a day and the 7-day cycle starts again. The reward is bonus money: it becomes cash after the required wagering.',
    streak: 'Streak: {{count}} of 7 days',
    day: 'Day {{day}}',
    done: 'Claimed',
    claim: 'Claim day {{day}}',
    comeBack: 'Come back tomorrow',
    claimed: 'Reward claimed: {{amount}}',
    unavailable: 'Promotions are not available on your account.',
    signInFirst: 'Sign in to claim',
    loadFailed: 'Could not load the check-in sheet.',
    retry: 'Try again',
  },
};

export default en;
