import { z } from 'zod';
import { rgLimits } from './rg';
import { moneyNumber } from './user';

/**
 * The live support chat (spec: the live-chat slide-in panel with a floating button; "Other": a chat provider
 * configured by a license id, the player's name and e-mail).
 *
 * Player and visitor calls, `/api/app/support` (a signed-in player with `Authorization`; a visitor with the
 * header `X-Support-Visitor: <token>` from `POST /visitor`):
 *   GET  /config                 -> `supportConfig`: which chat the app shows (`own`, or the hosted provider's
 *                                   license id with the player's name and e-mail)
 *   POST /visitor  {email}       -> `visitorStartAnswer` (no session; rate limited per IP)
 *   GET  /conversation           -> `supportThread`: the history (a player's across conversations), unread count
 *   POST /messages {text?, attachmentId?} -> `supportMessage` (flood limit per conversation: 429)
 *   POST /attachments (raw image body, Content-Type image/png|jpeg|gif|webp, at most SUPPORT_IMAGE_MAX_BYTES)
 *                                -> `supportAttachment`
 *   GET  /attachments/:id        -> the image (participants only; nosniff)
 *   POST /read {upTo}            -> marks operator messages read (the operator sees ✓✓)
 *   POST /typing                 -> tells the operator the player is typing
 * Operator calls, `/api/operator/support` (permission `support.chat`, canned replies `support.canned`, figures
 * `support.stats`): queue, one conversation, assign, reply, attachments, read, typing, close with a reason, the
 * player's summary, canned replies, response-time figures.
 *
 * Realtime (contracts/realtime.ts): `supportMessage`, `supportTyping`, `supportRead`, `supportConversation` to
 * the player's sockets (room of the user), to the visitor's socket (handshake `?visitor=<token>`) and to the
 * operators' sockets (handshake `?token=<operator token>` with `support.chat`).
 */
// SUPPORT_PATH and SUPPORT_VISITOR_HEADER are in paths.ts (the support button asks the thread without these schemas).
export const SUPPORT_OPERATOR_PATH = '/api/operator/support';
export const SUPPORT_TEXT_MAX = 2000;
/** Largest image accepted (bytes). */
export const SUPPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Image types accepted, checked against the file's own bytes (not its name or declared type). */
export const SUPPORT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type SupportImageType = (typeof SUPPORT_IMAGE_TYPES)[number];
/** Flood limit of the player's (or visitor's) side of one conversation: messages per window. */
export const SUPPORT_FLOOD = { messages: 8, seconds: 10 } as const;
/** Images the customer side may upload into one conversation in 24 hours (each also counts in the flood). */
export const SUPPORT_IMAGES_PER_DAY = 30;
/** The client sends `typing` at most this often while the player types. */
export const SUPPORT_TYPING_EVERY_MS = 3_000;
export const SUPPORT_CLOSE_REASONS = ['resolved', 'noReply', 'duplicate', 'abusive', 'other'] as const;
export type SupportCloseReason = (typeof SUPPORT_CLOSE_REASONS)[number];
export const SUPPORT_PROVIDERS = ['own', 'livechat'] as const;
export type SupportProvider = (typeof SUPPORT_PROVIDERS)[number];

export const SUPPORT_SENDERS = ['player', 'visitor', 'operator', 'system'] as const;
export type SupportSender = (typeof SUPPORT_SENDERS)[number];
export const SUPPORT_STATUSES = ['open', 'assigned', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

const id = z.number().int().positive();
const idParam = z.coerce
  .number({ error: 'notFound' })
  .int('notFound')
  .positive('notFound')
  .max(2 ** 53 - 1, 'notFound');

/** The hosted chat's session variable carrying `SupportConfig.identity` (set by the app, read by the server). */
export const SUPPORT_IDENTITY_FIELD = 'aposta_player';

export const supportConfig = z.object({
  provider: z.enum(SUPPORT_PROVIDERS),
  /** The hosted provider's license id; null for our own chat. */
  licenseId: z.string().nullable(),
  /** The signed-in player's name and e-mail for the hosted provider's visitor; null for a visitor. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * The signed-in player's identity for the hosted chat, signed by the server (`<id>.<issued>.<mac>`): the app
   * hands it to the widget as a session variable and the provider's webhook brings it back, so a transcript is
   * linked to a player only by it, never by an e-mail typed into the widget. Null for a visitor and our chat.
   */
  identity: z.string().nullable(),
});
export type SupportConfig = z.infer<typeof supportConfig>;

const email = z
  .string({ error: 'invalidEmail' })
  .trim()
  .max(254, 'invalidEmail')
  .pipe(z.email('invalidEmail'))
  .transform((s) => s.toLowerCase());

export const visitorStartRequest = z.strictObject({ email });
export const visitorStartAnswer = z.object({ token: z.string(), conversationId: id });

export const supportAttachment = z.object({
  id,
  type: z.enum(SUPPORT_IMAGE_TYPES),
  size: z.number().int(),
});
export type SupportAttachment = z.infer<typeof supportAttachment>;

export const supportMessage = z.object({
  id,
  conversationId: id,
  from: z.enum(SUPPORT_SENDERS),
  /** Plain text, always shown as text (never as HTML). */
  text: z.string(),
  image: supportAttachment.nullable(),
  at: z.string(),
  /** Read by the other side (the player's ✓✓; the operator's read mark). */
  read: z.boolean(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportThread = z.object({
  /** The conversation new messages go to; null before the first message. */
  conversationId: id.nullable(),
  status: z.enum(SUPPORT_STATUSES).nullable(),
  messages: z.array(supportMessage),
  /** Operator messages the player has not read. */
  unread: z.number().int(),
});
export type SupportThread = z.infer<typeof supportThread>;

/** `text` (trimmed; may be empty when an image goes with it) and/or an uploaded image of this conversation. */
export const supportSendRequest = z
  .strictObject({
    text: z
      .string({ error: 'supportTextInvalid' })
      .trim()
      .max(SUPPORT_TEXT_MAX, 'supportTextTooLong')
      .default(''),
    attachmentId: id.optional(),
  })
  .refine((b) => b.text !== '' || b.attachmentId !== undefined, { message: 'supportTextEmpty' });
export type SupportSendRequest = z.input<typeof supportSendRequest>;

export const supportReadRequest = z.strictObject({ upTo: id });
export const supportIdParams = z.object({ id: idParam });

/** Operator calls. */
export const supportQueueQuery = z.object({
  status: z.enum([...SUPPORT_STATUSES, 'active'] as const).default('active'),
  limit: z.coerce.number().int().min(1, 'fieldInvalid').max(200, 'fieldInvalid').default(50),
});
export const supportConversation = z.object({
  id,
  status: z.enum(SUPPORT_STATUSES),
  provider: z.enum(SUPPORT_PROVIDERS),
  /** The player (null for a visitor). */
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The e-mail a visitor gave (null for a player). */
  visitorEmail: z.string().nullable(),
  assignedTo: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string().nullable(),
  lastText: z.string(),
  /** Player or visitor messages the operators have not read. */
  unread: z.number().int(),
  closeReason: z.enum(SUPPORT_CLOSE_REASONS).nullable(),
  closeNote: z.string().nullable(),
});
export type SupportConversation = z.infer<typeof supportConversation>;
export const supportQueueAnswer = z.array(supportConversation);
export const supportConversationDetail = supportConversation.extend({ messages: z.array(supportMessage) });
export type SupportConversationDetail = z.infer<typeof supportConversationDetail>;

/** Assign to an operator (by id), or to oneself when absent. */
export const supportAssignRequest = z.strictObject({
  // An operator's id is an integer column: past its range it is no operator, not a fault.
  operatorId: id.max(2_147_483_647, 'supportOperatorUnknown').optional(),
});
export const supportCloseRequest = z.strictObject({
  reason: z.enum(SUPPORT_CLOSE_REASONS, { error: 'supportCloseReason' }),
  note: z.string().trim().max(500, 'supportTextTooLong').default(''),
});

export const supportCannedRequest = z.strictObject({
  title: z
    .string({ error: 'supportTextInvalid' })
    .trim()
    .min(1, 'supportTextEmpty')
    .max(80, 'supportTextTooLong'),
  text: z
    .string({ error: 'supportTextInvalid' })
    .trim()
    .min(1, 'supportTextEmpty')
    .max(SUPPORT_TEXT_MAX, 'supportTextTooLong'),
});
export const supportCanned = z.object({ id, title: z.string(), text: z.string(), updatedAt: z.string() });
export type SupportCanned = z.infer<typeof supportCanned>;
export const supportCannedList = z.array(supportCanned);

const orderLine = z.object({
  orderId: z.string(),
  status: z.string(),
  amount: moneyNumber,
  createdAt: z.string(),
});
export const supportPlayerSummary = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  kyc: z.number().int(),
  testFlag: z.string(),
  balance: moneyNumber,
  freeBalance: moneyNumber,
  deposits: z.array(orderLine),
  withdrawals: z.array(orderLine),
  /** Responsible-gambling limits, their use and any cool-off or self-exclusion in force. */
  limits: rgLimits,
});
export type SupportPlayerSummary = z.infer<typeof supportPlayerSummary>;

export const supportStatsQuery = z.object({
  days: z.coerce.number().int().min(1, 'fieldInvalid').max(90, 'fieldInvalid').default(7),
});
export const supportStats = z.object({
  since: z.string(),
  conversations: z.number().int(),
  /** Conversations with at least one operator answer. */
  answered: z.number().int(),
  /** Seconds from the first customer message to the first operator answer, averaged; null with none. */
  firstResponseAvgSeconds: z.number().nullable(),
  /** Seconds from each unanswered customer message to the next operator answer, averaged; null with none. */
  responseAvgSeconds: z.number().nullable(),
  perConversation: z.array(
    z.object({
      id,
      firstResponseSeconds: z.number().nullable(),
      avgResponseSeconds: z.number().nullable(),
      responses: z.number().int(),
    }),
  ),
});
export type SupportStats = z.infer<typeof supportStats>;

/** Realtime payloads (contracts/realtime.ts lists them as server events). */
export const supportEvents = {
  /** A new message of a conversation the socket takes part in (or, for operators, any conversation). */
  supportMessage,
  /** The other side is typing. */
  supportTyping: z.object({ conversationId: id, from: z.enum(SUPPORT_SENDERS) }),
  /** The other side read up to a message. */
  supportRead: z.object({ conversationId: id, by: z.enum(SUPPORT_SENDERS), upTo: id }),
  /** A conversation was opened, assigned or closed. */
  supportConversation: z.object({
    id,
    status: z.enum(SUPPORT_STATUSES),
    assignedTo: z.string().nullable(),
  }),
} as const;
export type SupportEventName = keyof typeof supportEvents;
