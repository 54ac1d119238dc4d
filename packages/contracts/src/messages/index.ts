import type { LanguageKey } from '../languages';
import { accountsMessages } from './accounts';
import { commonMessages } from './common';
import { operatorsMessages } from './operators';
import { originalsMessages } from './originals';
import { rgMessages } from './rg';
import { roundsMessages } from './rounds';
import { sportsMessages } from './sports';
import { paymentsMessages } from './payments';
import { walletMessages } from './wallet';
import { casinoMessages } from './casino';
import { pushMessages } from './push';
import { supportMessages } from './support';
import { promoMessages } from './promo';
import { backofficeMessages } from './backoffice';
import { rewardsMessages } from './rewards';
import { activitiesMessages } from './activities';
import { backofficeMoneyMessages } from './backoffice-money';
import { packagesMessages } from './packages';

/**
 * The one catalogue of server messages (errors and validation), in every UI language. Each area owns a
 * file made with `defineMessages` (compile-time complete); add yours to the list below.
 */
const tables = [
  commonMessages,
  accountsMessages,
  paymentsMessages,
  walletMessages,
  operatorsMessages,
  originalsMessages,
  roundsMessages,
  sportsMessages,
  rgMessages,
  casinoMessages,
  pushMessages,
  supportMessages,
  promoMessages,
  backofficeMessages,
  rewardsMessages,
  activitiesMessages,
  backofficeMoneyMessages,
  packagesMessages,
] as const;

type Keys<T> = T extends Record<LanguageKey, Record<infer K, string>> ? K : never;
export type MessageKey = Keys<(typeof tables)[number]>;

export const messages = Object.fromEntries(
  (Object.keys(commonMessages) as LanguageKey[]).map((lang) => [
    lang,
    Object.assign({}, ...tables.map((t) => t[lang])),
  ]),
) as Record<LanguageKey, Record<MessageKey, string>>;

export { defineMessages } from './define';
