import type { PushLanguage } from '@promo/shared';

/** What is pushed, by whom it reaches (decision 022). */
export const PUSH_KINDS = [
  'parcel_sent',
  'delivery_reminder',
  'amounts_reminder',
  'new_brief',
  'sketch_to_rate',
  'to_print',
  'parcels_to_send',
  'receipt_problem',
  'review_to_decide',
  'changes_requested',
  'review_reminder',
  'test',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The facts a push text is written from; each kind uses the ones it names. */
export interface PushFacts {
  promotion?: string;
  /** The design and surface (`Design · Flate`). */
  subject?: string;
  tracker?: string;
  /** A calendar day, YYYY-MM-DD. */
  day?: string;
}

type Text = (f: PushFacts) => { title: string; body: string };

const norwegianDay = (day = '') => day.split('-').reverse().join('.');

/** The push texts in both languages of the web app; a device gets those of its own language. */
const TEXTS: Record<PushKind, Record<PushLanguage, Text>> = {
  parcel_sent: {
    no: (f) => ({ title: 'Pakken din er sendt', body: `${f.promotion}: sporingsnummer ${f.tracker}` }),
    en: (f) => ({ title: 'Your parcel is on its way', body: `${f.promotion}: tracking number ${f.tracker}` }),
  },
  delivery_reminder: {
    no: (f) => ({ title: 'Har du fått pakken?', body: `${f.promotion} skal være levert i morgen (${norwegianDay(f.day)}). Bekreft mottaket.` }),
    en: (f) => ({ title: 'Has your parcel arrived?', body: `${f.promotion} is due to be delivered tomorrow (${norwegianDay(f.day)}). Please confirm receipt.` }),
  },
  amounts_reminder: {
    no: (f) => ({ title: 'Antall mangler i planleggeren', body: `${f.promotion} sendes til trykk ${norwegianDay(f.day)}. Fyll inn antall før det.` }),
    en: (f) => ({ title: 'Planner amounts missing', body: `${f.promotion} goes to the printers on ${norwegianDay(f.day)}. Please enter your amounts before then.` }),
  },
  new_brief: {
    no: (f) => ({ title: 'Ny brief', body: `${f.promotion}: ${f.subject}` }),
    en: (f) => ({ title: 'New brief', body: `${f.promotion}: ${f.subject}` }),
  },
  sketch_to_rate: {
    no: (f) => ({ title: 'Ny skisse å vurdere', body: `${f.promotion}: ${f.subject}` }),
    en: (f) => ({ title: 'New sketch to rate', body: `${f.promotion}: ${f.subject}` }),
  },
  to_print: {
    no: (f) => ({ title: 'Ny kampanje til trykk', body: f.promotion ?? '' }),
    en: (f) => ({ title: 'New promotion to print', body: f.promotion ?? '' }),
  },
  parcels_to_send: {
    no: (f) => ({ title: 'Nye pakker å sende', body: `${f.promotion}: trykket og klar for utsending` }),
    en: (f) => ({ title: 'New parcels to send', body: `${f.promotion}: printed and ready to send` }),
  },
  receipt_problem: {
    no: (f) => ({ title: 'Problem med en pakke', body: `${f.promotion}: en stasjon melder mangler eller skade` }),
    en: (f) => ({ title: 'Problem with a parcel', body: `${f.promotion}: a station reports missing or damaged items` }),
  },
  review_to_decide: {
    no: (f) => ({ title: 'Venter på din godkjenning', body: `${f.promotion}: ${f.subject}` }),
    en: (f) => ({ title: 'Waiting for your review', body: `${f.promotion}: ${f.subject}` }),
  },
  changes_requested: {
    no: (f) => ({ title: 'Endringer ønsket', body: `${f.promotion}: ${f.subject}` }),
    en: (f) => ({ title: 'Changes requested', body: `${f.promotion}: ${f.subject}` }),
  },
  review_reminder: {
    no: (f) => ({ title: 'Godkjenning forfaller', body: `${f.promotion}: ${f.subject}, frist ${norwegianDay(f.day)}` }),
    en: (f) => ({ title: 'Review due', body: `${f.promotion}: ${f.subject}, due ${norwegianDay(f.day)}` }),
  },
  test: {
    no: () => ({ title: 'Testvarsel', body: 'Varsler fungerer på denne enheten.' }),
    en: () => ({ title: 'Test notification', body: 'Notifications work on this device.' }),
  },
};

export const pushText = (kind: PushKind, language: PushLanguage, facts: PushFacts) => TEXTS[kind][language](facts);
