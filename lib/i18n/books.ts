// The strings of the dashboard's books (issue 28: balances, the day's summary, reports, the
// reconciliation with the backends), in French and English: a message table of the one mechanism
// (translate.ts). `en` must have exactly the keys of `fr` (the type says so); `{name}` placeholders
// are filled by `tb(locale)`. Shared words (status, dates, filters) are dashboard.ts's.
import { type Locale, type Lookup, type MessageTable, translator } from './translate';

const fr = {
  navBalances: 'Soldes',
  balancesTitle: 'Soldes',
  balancesIntro:
    'Ce que chaque compte a reçu et rendu, dans la monnaie où l’argent a circulé, et ce que cela valait dans la monnaie du paiement au moment où il est arrivé.',
  account: 'Compte',
  currency: 'Monnaie',
  received: 'Reçu',
  refunded: 'Remboursé',
  net: 'Net',
  value: 'Valeur',
  valueHint: 'au taux du moment',
  platformAccount: 'Compte de la plateforme',
  platformAccountHint: 'l’argent est sur le compte de la plateforme, qui vous le doit',
  simulator: 'Simulateur (test)',
  ownAccount: 'Votre compte {id}',
  noMoney: 'Aucun mouvement d’argent pour l’instant.',
  noMoneyHint: 'Chaque paiement reçu et chaque remboursement apparaît ici, ligne par ligne.',
  daySummaryTitle: 'La journée',
  daySummaryIntro: 'Le {day}, dans votre fuseau horaire ({zone}).',
  day: 'Jour',
  show: 'Afficher',
  today: 'Aujourd’hui',
  yesterday: 'Hier',
  opening: 'Ouverture',
  payments: 'Encaissé',
  refunds: 'Remboursé',
  closing: 'Clôture',
  count: 'Mouvements',
  noDayMoney: 'Aucun mouvement ce jour-là.',
  dayInvalid: 'Le jour doit être une date (AAAA-MM-JJ) qui n’est pas dans le futur.',
  downloadDay: 'Télécharger le résumé de ce jour (CSV)',
  timeZoneTitle: 'Fuseau horaire',
  timeZoneIntro: 'Vos journées, vos rapports et toutes les dates du tableau de bord sont comptés à l’heure de ce fuseau.',
  timeZone: 'Fuseau horaire',
  save: 'Enregistrer',
  timeZoneSaved: 'Fuseau horaire enregistré : {zone}.',
  timeZoneInvalid: 'Ce fuseau horaire est inconnu.',
};

type BooksMessages = typeof fr;
export type BooksKey = keyof BooksMessages;

const en: MessageTable<BooksMessages> = {
  navBalances: 'Balances',
  balancesTitle: 'Balances',
  balancesIntro: 'What each account received and gave back, in the currency the money moved in, and what it was worth in the payment’s currency when it came.',
  account: 'Account',
  currency: 'Currency',
  received: 'Received',
  refunded: 'Refunded',
  net: 'Net',
  value: 'Value',
  valueHint: 'at the rate of the moment',
  platformAccount: 'Platform account',
  platformAccountHint: 'the money is in the platform’s account, which owes it to you',
  simulator: 'Simulator (test)',
  ownAccount: 'Your account {id}',
  noMoney: 'No money has moved yet.',
  noMoneyHint: 'Every payment received and every refund shows here, line by line.',
  daySummaryTitle: 'The day',
  daySummaryIntro: '{day}, in your time zone ({zone}).',
  day: 'Day',
  show: 'Show',
  today: 'Today',
  yesterday: 'Yesterday',
  opening: 'Opening',
  payments: 'Taken',
  refunds: 'Refunded',
  closing: 'Closing',
  count: 'Movements',
  noDayMoney: 'No money moved that day.',
  dayInvalid: 'The day must be a date (YYYY-MM-DD) that is not in the future.',
  downloadDay: 'Download this day’s summary (CSV)',
  timeZoneTitle: 'Time zone',
  timeZoneIntro: 'Your days, your reports and every date of the dashboard are counted in this time zone.',
  timeZone: 'Time zone',
  save: 'Save',
  timeZoneSaved: 'Time zone saved: {zone}.',
  timeZoneInvalid: 'That time zone is unknown.',
};

const TABLES: Record<Locale, MessageTable<BooksMessages>> = { fr, en };

export type TB = Lookup<BooksKey>;

/** The books pages' lookup for a locale, with `{placeholders}` filled from `vars`. */
export const tb: (locale: Locale) => TB = translator(TABLES);

export const booksMessages = TABLES;
