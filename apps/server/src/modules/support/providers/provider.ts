import type { SupportConfig, SupportProvider } from '@aposta/contracts';
import type { CspSources } from '../../../platform/http';

/**
 * The chat behind one interface (decisions.md, "Outside parties"): our own chat (`own`, the sandbox and the
 * default: conversations in our database, messages over our realtime gateway) or a hosted chat provider that
 * the app loads by its license id with the player's name and e-mail (spec, "Other"). A hosted provider's
 * conversations reach us through its webhooks, mapped here to transcript events kept in our tables, so the
 * history and the response-time figures stay ours whichever chat the players see.
 */
export interface ChatProvider {
  readonly name: SupportProvider;
  /** What the app needs to show the chat: for a signed-in player, their name, e-mail and signed identity. */
  clientConfig(player: { id: number; name: string; email: string } | null): SupportConfig;
  /** The outside sources the app's Content-Security-Policy must allow for the provider's widget, if any. */
  readonly contentSources?: CspSources;
}

/** One message of a hosted chat's transcript. */
export interface HostedMessage {
  /** The provider's event id (a replayed webhook is stored once). */
  externalId: string;
  from: 'customer' | 'agent';
  text: string;
  at: Date;
}

/** What a hosted provider's webhook tells us, once verified. */
export type HostedEvent =
  | {
      kind: 'chat';
      chatId: string;
      /**
       * `playerId` only from the identity our server signed for the player's widget (`SupportConfig.identity`);
       * the e-mail and name are whatever was typed into the widget.
       */
      customer: { email: string | null; name: string | null; playerId: number | null };
      messages: HostedMessage[];
    }
  | { kind: 'message'; chatId: string; message: HostedMessage }
  | { kind: 'closed'; chatId: string }
  /** A verified notification of something we do not keep (e.g. a system message, a file). */
  | { kind: 'ignored' };

export interface HostedChatProvider extends ChatProvider {
  /**
   * Verifies a webhook's body (the provider's shared secret) and maps it; null when it is not authentic or
   * not one of the provider's notifications (the route answers 401 then).
   */
  parseWebhook(body: unknown): HostedEvent | null;
}

export const ownChat: ChatProvider = {
  name: 'own',
  clientConfig: () => ({ provider: 'own', licenseId: null, name: null, email: null, identity: null }),
};
