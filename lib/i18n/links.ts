// The pages a payment link's URL answers when it makes no session (app/checkout/link/[id]): gone
// (410), unknown (404), too many visits (429). Kept apart from en.ts / fr.ts: these pages are plain
// HTML from a route handler, not the checkout page. Same keys in both languages (type-checked).
import type { Locale, MessageTable } from './translate';

export const en = {
  brand: 'Caisse',
  goneTitle: 'This payment link is no longer available',
  goneText: 'The seller has turned this link off. Ask them for a new one if you still want to pay.',
  notFoundTitle: 'Payment link not found',
  notFoundText: 'Check the address, or ask the seller to send you the link again.',
  rateLimitedTitle: 'Too many attempts',
  rateLimitedText: 'Too many payment pages were opened from your connection. Please try again in {seconds} seconds.',
} as const;

export type LinkMessages = MessageTable<typeof en>;

export const fr: LinkMessages = {
  brand: 'Caisse',
  goneTitle: "Ce lien de paiement n'est plus disponible",
  goneText: 'Le vendeur a désactivé ce lien. Demandez-lui un nouveau lien si vous souhaitez toujours payer.',
  notFoundTitle: 'Lien de paiement introuvable',
  notFoundText: "Vérifiez l'adresse, ou demandez au vendeur de vous renvoyer le lien.",
  rateLimitedTitle: 'Trop de tentatives',
  rateLimitedText: 'Trop de pages de paiement ont été ouvertes depuis votre connexion. Réessayez dans {seconds} secondes.',
};

export const LINK_MESSAGES: Record<Locale, LinkMessages> = { fr, en };
