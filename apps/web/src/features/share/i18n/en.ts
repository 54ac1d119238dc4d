import type { ShareMessages } from './pt_BR';

const en: ShareMessages = {
  title: 'Share',
  text: 'Invite friends with your invitation link.',
  link: 'Your invitation link',
  copyLink: 'Copy link',
  share: 'Share',
  shareText: 'Come and play with me! Sign up with my invitation link.',
  qr: 'QR code of your invitation link',
  levels: 'Your commission',
  howItWorks:
    'Every day you earn a commission on the amount your invitees bet, down to the 3rd level. The commission is paid as bonus money: it becomes cash after the required wagering.',
  level: 'Level {{level}}',
  persons: 'Invitees',
  rate: '{{rate}}% of bets',
  invitees: 'Your invitees',
  noInvitees: 'Nobody yet. Share your link!',
  joined: 'Since {{date}}',
  lastActive: 'Last bet: {{date}}',
  inactive: 'No bets yet',
  loadFailed: 'Could not load your commission.',
  retry: 'Try again',
};

export default en;
