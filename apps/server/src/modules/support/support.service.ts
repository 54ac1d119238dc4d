import crypto from 'node:crypto';
import {
  ErrorCode,
  RecordType,
  SUPPORT_FLOOD,
  SUPPORT_IMAGES_PER_DAY,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_IMAGE_TYPES,
  type RgLimits,
  type SupportAttachment,
  type SupportCloseReason,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportMessage,
  type SupportPlayerSummary,
  type SupportSender,
  type SupportStats,
  type SupportStatus,
  type SupportThread,
  type SupportImageType,
  type OperatorPermission,
} from '@aposta/contracts';
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { BusEvents, EventBus } from '../../platform/bus';
import { queryRows, type Database, type Executor, type Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { ChatProvider, HostedEvent } from './providers/provider';
import {
  supportAttachments,
  supportCannedReplies,
  supportConversations,
  supportMessages,
} from './support.tables';

/** Who is on the customer's side of a call: a signed-in player, or a visitor (by their conversation). */
export type Customer = { userId: number } | { visitor: number };
/** The operator behind a console call (null id: the automation key). */
export interface SupportOperator {
  id: number | null;
  email: string;
}

type OrderLine = { orderId: string; status: string; amount: number; createdAt: string };

export interface SupportDeps {
  database: Database;
  bus: EventBus;
  provider: ChatProvider;
  log: FastifyBaseLogger;
  /** Other modules' public services, read for the operator's player summary and identities. */
  players: {
    profile(userId: number): Promise<{ username: string; name: string; kyc: number; testFlag: string }>;
    figures(userId: number): Promise<{ balance: number; freeBalance: number }>;
    orders(userId: number, type: number, size: number): Promise<OrderLine[]>;
    limits(userId: number): Promise<RgLimits>;
  };
  operators: {
    byId(
      id: number,
    ): Promise<{ id: number; email: string; permissions: ReadonlySet<OperatorPermission> } | null>;
    emailsOf(ids: number[]): Promise<Map<number, string>>;
  };
}

type ConversationRow = typeof supportConversations.$inferSelect;
type MessageRow = typeof supportMessages.$inferSelect;

const CUSTOMER_SENDERS = ['player', 'visitor'] as const;
const HISTORY_LIMIT = 200;
const VISITOR_TOKEN_PREFIX = 'sv_';
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const tooFast = () => new AppError(ErrorCode.RATE_LIMITED, 'supportTooFast');
const closed = () => conflict('supportClosed');

/**
 * A read mark as far as `upTo` but no further than the conversation's last message: a mark past it would show
 * the messages sent later as read already. (Written for the update of `support_conversations` it is set in.)
 */
const readUpTo = (upTo: number) =>
  sql`least(${upTo}, coalesce((select max(m.id) from support_messages m
    where m.conversation_id = support_conversations.id), 0))`;

export function createSupportService(deps: SupportDeps) {
  const { database, bus, log, players, operators } = deps;
  const { db } = database;

  /** Publishes after the caller's transaction committed; a lost push is recovered by the next history read. */
  function push(
    to: BusEvents['support.push']['to'],
    event: BusEvents['support.push']['event'],
    payload: unknown,
  ) {
    bus
      .publish('support.push', { to, event, payload })
      .catch((err: unknown) => log.warn({ err, event }, 'support: push not published'));
  }
  const customerOf = (c: ConversationRow) => (c.userId !== null ? { userId: c.userId } : { visitor: c.id });

  async function attachmentsOf(exec: Executor, ids: number[]) {
    if (!ids.length) return new Map<number, SupportAttachment>();
    const rows = await exec
      .select({
        id: supportAttachments.id,
        type: supportAttachments.contentType,
        size: supportAttachments.size,
      })
      .from(supportAttachments)
      .where(inArray(supportAttachments.id, ids));
    return new Map(rows.map((r) => [r.id, { ...r, type: r.type as SupportImageType }]));
  }

  /** Messages as the contract shows them; `read` from the other side's mark of each conversation. */
  async function view(exec: Executor, rows: MessageRow[], convs: Map<number, ConversationRow>) {
    const images = await attachmentsOf(
      exec,
      rows.flatMap((m) => (m.attachmentId ? [m.attachmentId] : [])),
    );
    return rows.map((m): SupportMessage => {
      const c = convs.get(m.conversationId);
      const fromCustomer = (CUSTOMER_SENDERS as readonly string[]).includes(m.sender);
      const mark = fromCustomer ? (c?.operatorReadId ?? 0) : (c?.customerReadId ?? 0);
      return {
        id: m.id,
        conversationId: m.conversationId,
        from: m.sender as SupportSender,
        text: m.body,
        image: m.attachmentId ? (images.get(m.attachmentId) ?? null) : null,
        at: m.createdAt.toISOString(),
        read: m.id <= mark,
      };
    });
  }

  /** The customer's conversation new messages go to (locked), opening one when none is open. */
  async function openConversation(tx: Tx, customer: Customer, email: string): Promise<ConversationRow> {
    if ('visitor' in customer) {
      const [c] = await tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.id, customer.visitor))
        .for('update');
      if (!c) throw new AppError(ErrorCode.SESSION_INVALID, 'supportVisitorInvalid');
      if (c.status === 'closed') throw closed();
      return c;
    }
    const current = () =>
      tx
        .select()
        .from(supportConversations)
        .where(
          and(
            eq(supportConversations.userId, customer.userId),
            eq(supportConversations.provider, 'own'),
            ne(supportConversations.status, 'closed'),
          ),
        )
        .for('update');
    const [c] = await current();
    if (c) return c;
    // One open conversation per player (a unique index): two first messages at once make one.
    await tx
      .insert(supportConversations)
      .values({ userId: customer.userId, email, provider: 'own' })
      .onConflictDoNothing();
    const [made] = await current();
    push({ operators: true }, 'supportConversation', { id: made!.id, status: 'open', assignedTo: null });
    return made!;
  }

  /**
   * Refuses the customer side past SUPPORT_FLOOD messages and images in its window, and past
   * SUPPORT_IMAGES_PER_DAY images when `upload` (the conversation row is locked, so two calls count in turn).
   */
  async function checkFlood(tx: Tx, conversationId: number, upload = false) {
    const since = new Date(Date.now() - SUPPORT_FLOOD.seconds * 1000);
    const day = new Date(Date.now() - 86_400_000);
    const [row] = await queryRows<{ recent: number | string; images: number | string }>(
      tx,
      sql`select (select count(*)::int from ${supportMessages} m
                  where m.conversation_id = ${conversationId} and m.sender in ${[...CUSTOMER_SENDERS]}
                    and m.created_at > ${since})
               + (select count(*)::int from ${supportAttachments} a
                  where a.conversation_id = ${conversationId} and a.uploader = 'customer' and a.created_at > ${since})
                 as recent,
               (select count(*)::int from ${supportAttachments} a
                where a.conversation_id = ${conversationId} and a.uploader = 'customer' and a.created_at > ${day})
                 as images`,
    );
    if (Number(row?.recent ?? 0) >= SUPPORT_FLOOD.messages) throw tooFast();
    if (upload && Number(row?.images ?? 0) >= SUPPORT_IMAGES_PER_DAY)
      throw new AppError(ErrorCode.RATE_LIMITED, 'supportImagesPerDay');
  }

  async function insertMessage(
    tx: Tx,
    c: ConversationRow,
    input: { sender: SupportSender; operatorId?: number | null; text: string; attachmentId?: number },
  ): Promise<SupportMessage> {
    if (input.attachmentId !== undefined) {
      const [a] = await tx
        .select({ conversationId: supportAttachments.conversationId })
        .from(supportAttachments)
        .where(eq(supportAttachments.id, input.attachmentId));
      if (!a || a.conversationId !== c.id) throw badRequest('supportAttachmentUnknown');
    }
    const [m] = await tx
      .insert(supportMessages)
      .values({
        conversationId: c.id,
        sender: input.sender,
        operatorId: input.operatorId ?? null,
        body: input.text,
        attachmentId: input.attachmentId ?? null,
      })
      .returning();
    await tx
      .update(supportConversations)
      .set({ lastMessageAt: m!.createdAt })
      .where(eq(supportConversations.id, c.id));
    const [shown] = await view(tx, [m!], new Map([[c.id, c]]));
    return shown!;
  }

  /** Checks an image by its bytes: size, a real PNG/JPEG/GIF/WebP, and the type it was sent as. */
  async function checkImage(declared: string | undefined, bytes: Buffer): Promise<SupportImageType> {
    if (bytes.length > SUPPORT_IMAGE_MAX_BYTES)
      throw new AppError(ErrorCode.BAD_REQUEST, 'supportImageTooLarge', {}, { httpStatus: 413 });
    const found = await fileTypeFromBuffer(bytes);
    const type = found?.mime as SupportImageType | undefined;
    const claimed = declared?.split(';')[0]?.trim().toLowerCase();
    if (!type || !SUPPORT_IMAGE_TYPES.includes(type) || (claimed && claimed !== type))
      throw new AppError(ErrorCode.UNPROCESSABLE, 'supportImageType', {}, { httpStatus: 415 });
    return type;
  }

  async function storeImage(
    tx: Tx,
    conversationId: number,
    type: SupportImageType,
    bytes: Buffer,
    uploader: 'customer' | 'operator',
  ) {
    const [a] = await tx
      .insert(supportAttachments)
      .values({ conversationId, uploader, contentType: type, size: bytes.length, data: bytes })
      .returning({ id: supportAttachments.id });
    return { id: a!.id, type, size: bytes.length };
  }

  async function conversation(exec: Executor, id: number) {
    const [c] = await exec.select().from(supportConversations).where(eq(supportConversations.id, id));
    if (!c) throw notFound();
    return c;
  }

  /** The conversation locked for an operator's change; refused when closed. */
  async function activeForOperator(tx: Tx, id: number) {
    const [c] = await tx
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.id, id))
      .for('update');
    if (!c) throw notFound();
    if (c.status === 'closed') throw closed();
    return c;
  }

  async function summaries(rows: ConversationRow[]): Promise<SupportConversation[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [emails, last, unread] = await Promise.all([
      operators.emailsOf([
        ...new Set(rows.flatMap((r) => (r.assignedOperatorId ? [r.assignedOperatorId] : []))),
      ]),
      db
        .selectDistinctOn([supportMessages.conversationId], {
          conversationId: supportMessages.conversationId,
          body: supportMessages.body,
        })
        .from(supportMessages)
        .where(inArray(supportMessages.conversationId, ids))
        .orderBy(supportMessages.conversationId, desc(supportMessages.id)),
      db
        .select({ conversationId: supportMessages.conversationId, n: sql<number>`count(*)::int` })
        .from(supportMessages)
        .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
        .where(
          and(
            inArray(supportMessages.conversationId, ids),
            inArray(supportMessages.sender, [...CUSTOMER_SENDERS]),
            gt(supportMessages.id, supportConversations.operatorReadId),
          ),
        )
        .groupBy(supportMessages.conversationId),
    ]);
    const lastOf = new Map(last.map((l) => [l.conversationId, l.body]));
    const unreadOf = new Map(unread.map((u) => [u.conversationId, u.n]));
    return rows.map((r) => ({
      id: r.id,
      status: r.status as SupportStatus,
      provider: r.provider as SupportConversation['provider'],
      userId: r.userId,
      username: r.userId !== null ? r.email : null,
      visitorEmail: r.userId === null ? r.email : null,
      assignedTo: r.assignedOperatorId
        ? { id: r.assignedOperatorId, email: emails.get(r.assignedOperatorId) ?? '' }
        : null,
      createdAt: r.createdAt.toISOString(),
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      lastText: lastOf.get(r.id) ?? '',
      unread: unreadOf.get(r.id) ?? 0,
      closeReason: (r.closeReason as SupportCloseReason | null) ?? null,
      closeNote: r.closeNote,
    }));
  }

  const typingAt = new Map<string, number>();
  /** At most one typing push per conversation and side per second on this node. */
  function typingPush(key: string) {
    const now = Date.now();
    if ((typingAt.get(key) ?? 0) > now - 1000) return false;
    typingAt.set(key, now);
    if (typingAt.size > 10_000) typingAt.clear();
    return true;
  }

  /** The e-mail a player's new conversation keeps (their username); read before the transaction. */
  const emailOf = async (customer: Customer) =>
    'visitor' in customer ? '' : (await players.profile(customer.userId)).username;

  const customerSide = (customer: Customer): SupportSender => ('visitor' in customer ? 'visitor' : 'player');

  return {
    provider: deps.provider,

    /** A new visitor conversation for `email`; the token (shown once) reaches it from then on. */
    async startVisitor(email: string) {
      const token = VISITOR_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
      const [c] = await db
        .insert(supportConversations)
        .values({ email, visitorTokenHash: sha256(token), provider: 'own' })
        .returning({ id: supportConversations.id });
      push({ operators: true }, 'supportConversation', { id: c!.id, status: 'open', assignedTo: null });
      return { token, conversationId: c!.id };
    },

    /** The conversation of a visitor token, or null (unknown token). */
    async visitorConversation(token: string): Promise<number | null> {
      if (!token.startsWith(VISITOR_TOKEN_PREFIX) || token.length > 128) return null;
      const [c] = await db
        .select({ id: supportConversations.id })
        .from(supportConversations)
        .where(eq(supportConversations.visitorTokenHash, sha256(token)));
      return c?.id ?? null;
    },

    /** The customer's history: a player's across their conversations (newest 200 messages), a visitor's one. */
    async thread(customer: Customer): Promise<SupportThread> {
      const convs =
        'visitor' in customer
          ? await db.select().from(supportConversations).where(eq(supportConversations.id, customer.visitor))
          : await db
              .select()
              .from(supportConversations)
              .where(
                and(
                  eq(supportConversations.userId, customer.userId),
                  eq(supportConversations.provider, 'own'),
                ),
              )
              .orderBy(desc(supportConversations.id));
      const byId = new Map(convs.map((c) => [c.id, c]));
      const latest = convs[0];
      if (!latest) return { conversationId: null, status: null, messages: [], unread: 0 };
      const rows = await db
        .select()
        .from(supportMessages)
        .where(inArray(supportMessages.conversationId, [...byId.keys()]))
        .orderBy(desc(supportMessages.id))
        .limit(HISTORY_LIMIT);
      const messages = await view(db, rows.reverse(), byId);
      const unread = messages.filter(
        (m) => m.from === 'operator' && m.id > (byId.get(m.conversationId)?.customerReadId ?? 0),
      ).length;
      return { conversationId: latest.id, status: latest.status as SupportStatus, messages, unread };
    },

    async send(customer: Customer, input: { text: string; attachmentId?: number }): Promise<SupportMessage> {
      const email = await emailOf(customer);
      const { c, message } = await database.transaction(async (tx) => {
        const c = await openConversation(tx, customer, email);
        await checkFlood(tx, c.id);
        return { c, message: await insertMessage(tx, c, { sender: customerSide(customer), ...input }) };
      });
      push({ ...customerOf(c), operators: true }, 'supportMessage', message);
      return message;
    },

    /** An image from the customer, into their open conversation (opened if needed); flood-limited as messages. */
    async uploadAsCustomer(customer: Customer, declared: string | undefined, bytes: Buffer) {
      const type = await checkImage(declared, bytes);
      const email = await emailOf(customer);
      return database.transaction(async (tx) => {
        const c = await openConversation(tx, customer, email);
        await checkFlood(tx, c.id, true);
        return storeImage(tx, c.id, type, bytes, 'customer');
      });
    },

    /** Deletes images uploaded a day ago or more that no message carries (uploaded, never sent): their count. */
    async dropUnsentImages(): Promise<number> {
      const gone = await queryRows<{ id: number | string }>(
        db,
        sql`delete from ${supportAttachments} a
            where a.created_at < now() - interval '1 day'
              and not exists (select 1 from ${supportMessages} m where m.attachment_id = a.id)
            returning a.id`,
      );
      return gone.length;
    },

    /** An image, to a participant only: the customer of its conversation, or an operator (`null`). */
    async image(viewer: Customer | null, id: number) {
      const [a] = await db.select().from(supportAttachments).where(eq(supportAttachments.id, id));
      if (!a) throw notFound();
      if (viewer) {
        const c = await conversation(db, a.conversationId);
        const own =
          'visitor' in viewer ? c.id === viewer.visitor && c.userId === null : c.userId === viewer.userId;
        if (!own) throw notFound();
      }
      return { contentType: a.contentType, data: a.data };
    },

    /** The customer read operator messages up to `upTo`: the operators see it. */
    async readAsCustomer(customer: Customer, upTo: number) {
      const where =
        'visitor' in customer
          ? eq(supportConversations.id, customer.visitor)
          : eq(supportConversations.userId, customer.userId);
      const read = readUpTo(upTo);
      const rows = await db
        .update(supportConversations)
        .set({ customerReadId: read })
        .where(and(where, sql`${supportConversations.customerReadId} < ${read}`))
        .returning({ id: supportConversations.id, upTo: supportConversations.customerReadId });
      for (const r of rows)
        push({ operators: true }, 'supportRead', {
          conversationId: r.id,
          by: customerSide(customer),
          upTo: Number(r.upTo),
        });
    },

    async typingAsCustomer(customer: Customer) {
      const [c] =
        'visitor' in customer
          ? await db.select().from(supportConversations).where(eq(supportConversations.id, customer.visitor))
          : await db
              .select()
              .from(supportConversations)
              .where(
                and(
                  eq(supportConversations.userId, customer.userId),
                  ne(supportConversations.status, 'closed'),
                ),
              );
      if (!c || c.status === 'closed' || !typingPush(`c:${c.id}`)) return;
      push({ operators: true }, 'supportTyping', { conversationId: c.id, from: customerSide(customer) });
    },

    /** The operators' queue: open and assigned conversations (or by status), the most recent first. */
    async queue(status: SupportStatus | 'active', limit: number) {
      const rows = await db
        .select()
        .from(supportConversations)
        .where(
          status === 'active'
            ? ne(supportConversations.status, 'closed')
            : eq(supportConversations.status, status),
        )
        .orderBy(sql`${supportConversations.lastMessageAt} desc nulls last`, desc(supportConversations.id))
        .limit(limit);
      return summaries(rows);
    },

    async detail(id: number): Promise<SupportConversationDetail> {
      const c = await conversation(db, id);
      const rows = await db
        .select()
        .from(supportMessages)
        .where(eq(supportMessages.conversationId, id))
        .orderBy(desc(supportMessages.id))
        .limit(500);
      const [summary] = await summaries([c]);
      return { ...summary!, messages: await view(db, rows.reverse(), new Map([[c.id, c]])) };
    },

    async assign(id: number, operator: SupportOperator, to?: number) {
      const targetId = to ?? operator.id;
      if (targetId === null) throw badRequest('supportOperatorUnknown');
      const target = await operators.byId(targetId);
      if (!target || !target.permissions.has('support.chat')) throw badRequest('supportOperatorUnknown');
      const before = await database.transaction(async (tx) => {
        const c = await activeForOperator(tx, id);
        await tx
          .update(supportConversations)
          .set({ status: 'assigned', assignedOperatorId: target.id })
          .where(eq(supportConversations.id, id));
        return c;
      });
      push({ operators: true }, 'supportConversation', { id, status: 'assigned', assignedTo: target.email });
      return {
        before: { status: before.status, assignedOperatorId: before.assignedOperatorId },
        after: target.id,
      };
    },

    /** An operator's answer; an unassigned conversation becomes the answering operator's. */
    async reply(id: number, operator: SupportOperator, input: { text: string; attachmentId?: number }) {
      const { message, assigned, c } = await database.transaction(async (tx) => {
        const c = await activeForOperator(tx, id);
        const assigned = c.assignedOperatorId === null && operator.id !== null;
        if (assigned)
          await tx
            .update(supportConversations)
            .set({ status: 'assigned', assignedOperatorId: operator.id })
            .where(eq(supportConversations.id, id));
        const message = await insertMessage(tx, c, { sender: 'operator', operatorId: operator.id, ...input });
        // Answering means having read what came before.
        await tx
          .update(supportConversations)
          .set({ operatorReadId: sql`greatest(${supportConversations.operatorReadId}, ${message.id})` })
          .where(eq(supportConversations.id, id));
        return { message, assigned, c };
      });
      push({ ...customerOf(c), operators: true }, 'supportMessage', message);
      // Answering reads what came before: the customer's messages get their ✓✓.
      push(customerOf(c), 'supportRead', { conversationId: id, by: 'operator', upTo: message.id });
      if (assigned)
        push({ operators: true }, 'supportConversation', {
          id,
          status: 'assigned',
          assignedTo: operator.email,
        });
      return message;
    },

    async uploadAsOperator(id: number, declared: string | undefined, bytes: Buffer) {
      const type = await checkImage(declared, bytes);
      return database.transaction(async (tx) => {
        await activeForOperator(tx, id);
        return storeImage(tx, id, type, bytes, 'operator');
      });
    },

    async readAsOperator(id: number, upTo: number) {
      const c = await conversation(db, id);
      const read = readUpTo(upTo);
      const [r] = await db
        .update(supportConversations)
        .set({ operatorReadId: read })
        .where(and(eq(supportConversations.id, id), sql`${supportConversations.operatorReadId} < ${read}`))
        .returning({ upTo: supportConversations.operatorReadId });
      if (r)
        push({ ...customerOf(c), operators: true }, 'supportRead', {
          conversationId: id,
          by: 'operator',
          upTo: Number(r.upTo),
        });
    },

    async typingAsOperator(id: number) {
      const c = await conversation(db, id);
      if (c.status === 'closed' || !typingPush(`o:${id}`)) return;
      push(customerOf(c), 'supportTyping', { conversationId: id, from: 'operator' });
    },

    async close(id: number, input: { reason: SupportCloseReason; note: string }) {
      const before = await database.transaction(async (tx) => {
        const c = await activeForOperator(tx, id);
        await tx
          .update(supportConversations)
          .set({
            status: 'closed',
            closeReason: input.reason,
            closeNote: input.note || null,
            closedAt: new Date(),
          })
          .where(eq(supportConversations.id, id));
        return c;
      });
      push({ ...customerOf(before), operators: true }, 'supportConversation', {
        id,
        status: 'closed',
        assignedTo: null,
      });
      return { before: { status: before.status }, after: { status: 'closed', ...input } };
    },

    /** The player beside the conversation: money, last orders, KYC, responsible-gambling limits. */
    async playerSummary(id: number): Promise<SupportPlayerSummary> {
      const c = await conversation(db, id);
      if (c.userId === null) throw notFound();
      const userId = c.userId;
      const [profile, figures, deposits, withdrawals, limits] = await Promise.all([
        players.profile(userId),
        players.figures(userId),
        players.orders(userId, RecordType.DEPOSIT, 5),
        players.orders(userId, RecordType.WITHDRAWAL, 5),
        players.limits(userId),
      ]);
      return {
        userId,
        username: profile.username,
        name: profile.name,
        kyc: profile.kyc,
        testFlag: profile.testFlag,
        balance: figures.balance,
        freeBalance: figures.freeBalance,
        deposits,
        withdrawals,
        limits,
      };
    },

    canned: {
      list: async () =>
        (await db.select().from(supportCannedReplies).orderBy(supportCannedReplies.title)).map(cannedView),
      async create(input: { title: string; text: string }, operator: SupportOperator) {
        const [r] = await db
          .insert(supportCannedReplies)
          .values({ title: input.title, body: input.text, createdBy: operator.id })
          .returning();
        return cannedView(r!);
      },
      /** The reply as it was and as it is now (both for the audit row). */
      async update(id: number, input: { title: string; text: string }) {
        return database.transaction(async (tx) => {
          const mine = eq(supportCannedReplies.id, id);
          const [was] = await tx.select().from(supportCannedReplies).where(mine).for('update');
          if (!was) throw notFound();
          const [r] = await tx
            .update(supportCannedReplies)
            .set({ title: input.title, body: input.text, updatedAt: new Date() })
            .where(mine)
            .returning();
          return { before: cannedView(was), after: cannedView(r!) };
        });
      },
      async remove(id: number) {
        const [r] = await db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning();
        if (!r) throw notFound();
        return cannedView(r);
      },
    },

    /** Response-time figures of the conversations opened in the last `days` days. */
    async stats(days: number): Promise<SupportStats> {
      const since = new Date(Date.now() - days * 86_400_000);
      const rows = await db
        .select({
          conversationId: supportMessages.conversationId,
          sender: supportMessages.sender,
          at: supportMessages.createdAt,
        })
        .from(supportMessages)
        .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
        .where(gt(supportConversations.createdAt, since))
        .orderBy(supportMessages.conversationId, supportMessages.id);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportConversations)
        .where(gt(supportConversations.createdAt, since));
      return responseFigures(since, count?.n ?? 0, rows);
    },

    /** A verified notification of the hosted provider, kept as our transcript (idempotent by event id). */
    async hosted(event: HostedEvent) {
      if (event.kind === 'ignored') return;
      const provider = deps.provider.name;
      // Linked to a player (the operator's summary shows their account) only by the identity our server signed:
      // anyone can type a player's e-mail into the widget.
      const email = event.kind === 'chat' ? (event.customer.email ?? '') : '';
      const userId = event.kind === 'chat' ? event.customer.playerId : null;
      await database.transaction(async (tx) => {
        const find = async () =>
          (
            await tx
              .select()
              .from(supportConversations)
              .where(
                and(
                  eq(supportConversations.provider, provider),
                  eq(supportConversations.externalId, event.chatId),
                ),
              )
              .for('update')
          )[0];
        let c = await find();
        if (!c && event.kind !== 'closed') {
          await tx
            .insert(supportConversations)
            .values({ provider, externalId: event.chatId, email, userId })
            .onConflictDoNothing();
          c = await find();
        }
        if (!c) return;
        // Notifications may come out of order: a chat first met in a message, without its customer, is linked
        // once a notification brings the identity we signed (never moved to another player).
        if (userId !== null && c.userId === null) {
          await tx
            .update(supportConversations)
            .set({ userId, ...(c.email ? {} : { email }) })
            .where(eq(supportConversations.id, c.id));
        }
        if (event.kind === 'closed') {
          await tx
            .update(supportConversations)
            .set({ status: 'closed', closeReason: 'resolved', closedAt: new Date() })
            .where(eq(supportConversations.id, c.id));
          return;
        }
        const messages = event.kind === 'chat' ? event.messages : [event.message];
        for (const m of messages) {
          const [row] = await tx
            .insert(supportMessages)
            .values({
              conversationId: c.id,
              sender: m.from === 'agent' ? 'operator' : 'visitor',
              body: m.text,
              externalId: m.externalId,
              createdAt: m.at,
            })
            .onConflictDoNothing()
            .returning({ at: supportMessages.createdAt });
          if (row)
            await tx
              .update(supportConversations)
              .set({ lastMessageAt: sql`greatest(${supportConversations.lastMessageAt}, ${row.at})` })
              .where(eq(supportConversations.id, c.id));
        }
      });
    },
  };
}

function cannedView(r: typeof supportCannedReplies.$inferSelect) {
  return { id: r.id, title: r.title, text: r.body, updatedAt: r.updatedAt.toISOString() };
}

/**
 * First response: from a conversation's first customer message to the first operator message after it.
 * Response: from each customer message that waits for an answer (the first since the last operator message)
 * to the next operator message. Averages over the conversations and over all responses.
 */
export function responseFigures(
  since: Date,
  conversations: number,
  rows: { conversationId: number; sender: string; at: Date }[],
): SupportStats {
  const per = new Map<number, { first: number | null; responses: number[] }>();
  const waitingSince = new Map<number, number>();
  for (const r of rows) {
    const entry = per.get(r.conversationId) ?? { first: null, responses: [] };
    per.set(r.conversationId, entry);
    const t = r.at.getTime();
    if (r.sender === 'player' || r.sender === 'visitor') {
      if (!waitingSince.has(r.conversationId)) waitingSince.set(r.conversationId, t);
    } else if (r.sender === 'operator') {
      const from = waitingSince.get(r.conversationId);
      if (from !== undefined) {
        const seconds = Math.max(0, (t - from) / 1000);
        if (entry.first === null) entry.first = seconds;
        entry.responses.push(seconds);
        waitingSince.delete(r.conversationId);
      }
    }
  }
  const avg = (xs: number[]) => (xs.length ? round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  const perConversation = [...per.entries()].map(([id, e]) => ({
    id,
    firstResponseSeconds: e.first === null ? null : round(e.first),
    avgResponseSeconds: avg(e.responses),
    responses: e.responses.length,
  }));
  const firsts = perConversation.flatMap((p) =>
    p.firstResponseSeconds === null ? [] : [p.firstResponseSeconds],
  );
  return {
    since: since.toISOString(),
    conversations,
    answered: firsts.length,
    firstResponseAvgSeconds: avg(firsts),
    responseAvgSeconds: avg([...per.values()].flatMap((e) => e.responses)),
    perConversation,
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

export type SupportService = ReturnType<typeof createSupportService>;
