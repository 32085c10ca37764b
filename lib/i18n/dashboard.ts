// The dashboard shell's and payments pages' strings, French and English: a message table of the one
// mechanism (translate.ts). `en` must have exactly the keys of `fr` (checked by the type below), so a
// missing translation is a type error. The catalog pages' strings are catalog.ts; they reuse the
// common ones here (nav, buttons, statuses).
import { railLabel } from '../money';
import { type Locale, type Lookup, type MessageTable, translator } from './translate';

export type DashboardLocale = Locale;

const fr = {
  // shell
  skip: 'Aller au contenu',
  dashboard: 'Tableau de bord',
  navLabel: 'Menu principal',
  navPayments: 'Paiements',
  navProducts: 'Produits',
  navLinks: 'Liens de paiement',
  navWebhooks: 'Webhooks',
  navKeys: 'Clés API',
  navUsers: 'Utilisateurs',
  navPaymentMethods: 'Moyens de paiement',
  modeLabel: 'Mode',
  modeTest: 'Test',
  modeLive: 'Production',
  switchToLive: 'Passer en production',
  switchToTest: 'Passer en mode test',
  testBanner: 'Mode test : ces données sont fictives, aucun argent réel ne circule.',
  liveBadge: 'Production',
  language: 'Langue',
  otherLanguage: 'English',
  signedInAs: 'Connecté : {email}',
  signOut: 'Se déconnecter',
  signOutEverywhere: 'Se déconnecter partout',
  accountMenu: 'Compte',
  // common
  save: 'Enregistrer',
  cancel: 'Annuler',
  search: 'Rechercher',
  apply: 'Filtrer',
  reset: 'Effacer les filtres',
  next: 'Suivant',
  previous: 'Précédent',
  pagination: 'Pagination',
  none: '—',
  yes: 'Oui',
  no: 'Non',
  all: 'Tous',
  created: 'Créé le',
  back: 'Retour',
  notFound: 'Introuvable',
  genericError: 'Une erreur est survenue. Réessayez.',
  // sign-in
  signInTitle: 'Connexion au tableau de bord',
  email: 'Adresse e-mail',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  throttled: 'Trop de tentatives de connexion. Réessayez dans {wait}.',
  originRefused: 'Cette demande ne venait pas de nos pages : elle a été refusée. Reconnectez-vous.',
  signedOut: 'Vous êtes déconnecté.',
  signedOutEverywhere: 'Toutes vos sessions sont fermées.',
  // payments
  paymentsTitle: 'Paiements',
  searchLabel: 'Identifiant (pi_, cs_) ou référence',
  filters: 'Filtres',
  status: 'Statut',
  rail: 'Moyen de paiement',
  currency: 'Devise',
  from: 'Du',
  to: 'Au',
  amount: 'Montant',
  received: 'Reçu',
  reference: 'Référence',
  description: 'Description',
  date: 'Date',
  id: 'Identifiant',
  exportCsv: 'Exporter en CSV',
  noPayments: 'Aucun paiement ne correspond.',
  noPaymentsHint: 'Les paiements créés avec l’API ou un lien de paiement apparaissent ici.',
  invalidFilters: 'Filtres non valides : {detail}',
  searchNoMatch: 'Aucun paiement pour « {q} ».',
  paymentTitle: 'Paiement {id}',
  summary: 'Résumé',
  metadata: 'Métadonnées',
  latestQuote: 'Dernière cotation',
  rate: 'Taux',
  expiresAt: 'Expire le',
  attempts: 'Tentatives',
  noAttempts: 'Aucune tentative pour l’instant.',
  destination: 'Destination',
  outcome: 'Résultat',
  error: 'Erreur',
  readError: 'Lecture impossible chez le fournisseur depuis le {since} ({failures} essais), toujours surveillée : {message}',
  accountColumn: 'Compte',
  accountOwn: 'Sur votre compte {id} (version {version})',
  accountPlatform: 'Sur le compte de la plateforme : l’argent va à son opérateur',
  accountSimulator: 'Simulateur (test) : aucun argent',
  quote: 'Cotation',
  timeline: 'Historique',
  noEvents: 'Aucun événement.',
  deliveries: 'Envois webhook',
  noDeliveries: 'Aucun envoi (aucun endpoint abonné).',
  deliveryTo: 'Vers {endpoint}',
  responseCode: 'Réponse',
  deliveryAttempts: 'Essais',
  resend: 'Renvoyer',
  resendOf: 'Renvoyer {delivery}',
  resent: 'Événement renvoyé : {status}.',
  cancelPayment: 'Annuler ce paiement',
  cancelConfirmHint: 'Le client ne pourra plus payer, ses liens de paiement ouverts expirent.',
  canceledFlash: 'Paiement annulé.',
  cannotCancel: 'Ce paiement ne peut plus être annulé.',
  lastError: 'Dernière erreur',
  canceledAt: 'Annulé le',
} as const;

type Strings = MessageTable<typeof fr>;

const en: Strings = {
  skip: 'Skip to content',
  dashboard: 'Dashboard',
  navLabel: 'Main menu',
  navPayments: 'Payments',
  navProducts: 'Products',
  navLinks: 'Payment links',
  navWebhooks: 'Webhooks',
  navKeys: 'API keys',
  navUsers: 'Users',
  navPaymentMethods: 'Payment methods',
  modeLabel: 'Mode',
  modeTest: 'Test',
  modeLive: 'Live',
  switchToLive: 'Switch to live',
  switchToTest: 'Switch to test mode',
  testBanner: 'Test mode: this data is simulated, no real money moves.',
  liveBadge: 'Live',
  language: 'Language',
  otherLanguage: 'Français',
  signedInAs: 'Signed in: {email}',
  signOut: 'Sign out',
  signOutEverywhere: 'Sign out everywhere',
  accountMenu: 'Account',
  save: 'Save',
  cancel: 'Cancel',
  search: 'Search',
  apply: 'Filter',
  reset: 'Clear filters',
  next: 'Next',
  previous: 'Previous',
  pagination: 'Pagination',
  none: '—',
  yes: 'Yes',
  no: 'No',
  all: 'All',
  created: 'Created',
  back: 'Back',
  notFound: 'Not found',
  genericError: 'Something went wrong. Try again.',
  signInTitle: 'Sign in to the dashboard',
  email: 'Email address',
  password: 'Password',
  signIn: 'Sign in',
  invalidCredentials: 'Incorrect email or password.',
  throttled: 'Too many sign-in attempts. Try again in {wait}.',
  originRefused: 'This request did not come from our pages and was refused. Sign in again.',
  signedOut: 'You are signed out.',
  signedOutEverywhere: 'All your sessions are closed.',
  paymentsTitle: 'Payments',
  searchLabel: 'Id (pi_, cs_) or reference',
  filters: 'Filters',
  status: 'Status',
  rail: 'Payment method',
  currency: 'Currency',
  from: 'From',
  to: 'To',
  amount: 'Amount',
  received: 'Received',
  reference: 'Reference',
  description: 'Description',
  date: 'Date',
  id: 'Id',
  exportCsv: 'Export as CSV',
  noPayments: 'No payment matches.',
  noPaymentsHint: 'Payments made with the API or a payment link show here.',
  invalidFilters: 'Invalid filters: {detail}',
  searchNoMatch: 'No payment for “{q}”.',
  paymentTitle: 'Payment {id}',
  summary: 'Summary',
  metadata: 'Metadata',
  latestQuote: 'Latest quote',
  rate: 'Rate',
  expiresAt: 'Expires',
  attempts: 'Attempts',
  noAttempts: 'No attempt yet.',
  destination: 'Destination',
  outcome: 'Outcome',
  error: 'Error',
  readError: 'Cannot be read at the backend since {since} ({failures} tries), still watched: {message}',
  accountColumn: 'Account',
  accountOwn: 'On your account {id} (version {version})',
  accountPlatform: "On the platform's account: the money goes to its operator",
  accountSimulator: 'Simulator (test): no money',
  quote: 'Quote',
  timeline: 'Timeline',
  noEvents: 'No event.',
  deliveries: 'Webhook deliveries',
  noDeliveries: 'No delivery (no endpoint subscribed).',
  deliveryTo: 'To {endpoint}',
  responseCode: 'Response',
  deliveryAttempts: 'Tries',
  resend: 'Resend',
  resendOf: 'Resend {delivery}',
  resent: 'Event resent: {status}.',
  cancelPayment: 'Cancel this payment',
  cancelConfirmHint: 'The customer can no longer pay; its open payment pages expire.',
  canceledFlash: 'Payment canceled.',
  cannotCancel: 'This payment can no longer be canceled.',
  lastError: 'Last error',
  canceledAt: 'Canceled',
};

/** The statuses the dashboard names: an intent's (lib/domain/transitions.ts INTENT_STATUSES), an attempt's, a delivery's. */
type StatusKey =
  | 'requires_payment_method'
  | 'pending'
  | 'succeeded'
  | 'failed'
  | 'canceled'
  | 'creating'
  | 'awaiting_payment'
  | 'expired'
  | 'succeeded_delivery'
  | 'pending_delivery'
  | 'failed_delivery';

/** A payment intent's, an attempt's or a delivery's status in words. */
const STATUS: Record<DashboardLocale, Record<StatusKey, string>> = {
  fr: {
    requires_payment_method: 'En attente du client',
    pending: 'En cours',
    succeeded: 'Réussi',
    failed: 'Échoué',
    canceled: 'Annulé',
    creating: 'En création',
    awaiting_payment: 'En attente du paiement',
    expired: 'Expiré',
    succeeded_delivery: 'Livré',
    pending_delivery: 'En attente',
    failed_delivery: 'Échec',
  },
  en: {
    requires_payment_method: 'Awaiting customer',
    pending: 'Processing',
    succeeded: 'Succeeded',
    failed: 'Failed',
    canceled: 'Canceled',
    creating: 'Creating',
    awaiting_payment: 'Awaiting payment',
    expired: 'Expired',
    succeeded_delivery: 'Delivered',
    pending_delivery: 'Pending',
    failed_delivery: 'Failed',
  },
};

export type DashboardStrings = Strings & {
  /** A string with `{name}` placeholders filled. */
  f: Lookup<keyof Strings>;
  /** A payment intent's status, or a delivery's (`succeeded_delivery`...), in words. */
  statusLabel(s: string): string;
  /** A rail's name (the rail id when unknown). */
  railName(r: string): string;
  /** "Label : value" (fr) or "Label: value" (en). */
  pair(label: string, value: string | number): string;
};

const lookup = translator<Strings>({ fr, en });

function build(locale: DashboardLocale): DashboardStrings {
  const s: Strings = locale === 'fr' ? fr : en;
  return {
    ...s,
    f: lookup(locale),
    statusLabel: (x) => (STATUS[locale] as Record<string, string>)[x] ?? x,
    railName: (r) => railLabel(r, locale),
    pair: (label, value) => `${label}${locale === 'fr' ? '\u00a0: ' : ': '}${value}`,
  };
}

const cache = { fr: build('fr'), en: build('en') };

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in this locale and the merchant's time zone, the zone named: "27 nov. 2026, 14:05
 * UTC" (Abidjan), "27 Nov 2026, 15:05 GMT+1" (Douala). Every date of the dashboard is written so.
 */
export function formatDateTime(seconds: number, locale: DashboardLocale, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateFormats.set(key, f);
  }
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(seconds * 1000))
    .find((p) => p.type === 'timeZoneName')?.value;
  const named = !zone || zone === 'GMT' ? 'UTC' : zone.replace(/^GMT/, 'UTC');
  return `${f.format(new Date(seconds * 1000))} ${named}`;
}

/** The dashboard's strings in this locale. */
export function t(locale: DashboardLocale): DashboardStrings {
  return cache[locale];
}

export const DASHBOARD_STRINGS = { fr, en } as const;
