import type { SupportConsoleMessages } from './pt_BR';

const en: SupportConsoleMessages = {
  title: 'Support console',
  email: 'E-mail',
  password: 'Password',
  totp: 'Authenticator code',
  signIn: 'Sign in',
  signOut: 'Sign out',
  stats:
    '{{conversations}} conversations in 7 days · avg first response {{first}} s · avg response {{average}} s',
  queue: 'Conversation queue',
  empty: 'No open conversations',
  visitor: 'visitor',
  typing: 'typing…',
  conversation: 'Conversation',
  back: 'Queue',
  assignMe: 'Take it',
  balance: 'Balance',
  kyc: 'KYC',
  kycDone: 'verified',
  kycMissing: 'pending',
  deposits: 'Last deposits',
  withdrawals: 'Last withdrawals',
  depositLimit: 'Daily deposit limit',
  exclusion: 'Exclusion',
  image: 'image',
  closedWith: 'Conversation closed: {{reason}}',
  canned: 'Canned replies',
  reply: 'Reply',
  send: 'Send',
  closeReason: 'Reason for closing',
  close: 'Close',
  status: {
    open: 'open',
    assigned: 'assigned',
    closed: 'closed',
  },
  reason: {
    resolved: 'resolved',
    noReply: 'no reply',
    duplicate: 'duplicate',
    abusive: 'abusive',
    other: 'other',
  },
  exclusionKind: {
    cooloff: 'cool-off',
    self: 'self-exclusion',
  },
};

export default en;
