import { audit } from './contract/audit';
import { auth } from './contract/auth';
import { catalogueImport } from './contract/catalogue-import';
import { categories } from './contract/categories';
import { chat, downloads } from './contract/chat';
import { company } from './contract/company';
import { placement, receipt, trackerImport } from './contract/delivery';
import { designs } from './contract/designs';
import { feedback } from './contract/feedback';
import { insights } from './contract/insights';
import { files } from './contract/files';
import { notificationsApi } from './contract/notifications';
import { designPage, promotionDesign } from './contract/promotion-design';
import { products } from './contract/products';
import { proofing } from './contract/proofing';
import { reviews } from './contract/reviews';
import { promotions } from './contract/promotions';
import { milestones } from './contract/milestones';
import { waiting } from './contract/waiting';
import { push } from './contract/push';
import { distribution, print, reports } from './contract/reports';
import { settings } from './contract/settings';
import { signs, signTemplates } from './contract/signs';
import { surfaces } from './contract/surfaces';
import { users } from './contract/users';

/**
 * The contracts by area of the specification: the API reference's tags. Each operation is named
 * `<group>.<key>` after the exported group that holds it (`users.list`, `designPage.addFiles`).
 */
export const API_AREAS = {
  auth: { auth },
  users: { users },
  categories: { categories },
  surfaces: { surfaces },
  products: { products },
  'catalogue-import': { catalogueImport },
  designs: { designs },
  promotions: { promotions, milestones },
  'promotion-design': { promotionDesign, designPage },
  chat: { chat },
  proofing: { proofing },
  reviews: { reviews },
  files: { files, downloads },
  reports: { reports },
  print: { print },
  distribution: { distribution, trackerImport },
  notifications: { notificationsApi },
  company: { company, receipt, placement },
  settings: { settings },
  feedback: { feedback },
  waiting: { waiting },
  push: { push },
  audit: { audit },
  insights: { insights },
  signs: { signTemplates, signs },
} as const;

export type ApiArea = keyof typeof API_AREAS;

/**
 * What each area is for: the description of its tag in the API reference, which Swagger UI shows
 * beside the tag. An area without one does not compile.
 */
export const API_AREA_DESCRIPTIONS: Record<ApiArea, string> = {
  auth: 'Signing in and out (password or single sign-on), and an admin signing in as a station and back.',
  users: 'The accounts of every role: stations, category managers, designers, printers, the distributor and admins.',
  categories: 'Product categories, each with its manager and station groups.',
  surfaces: 'The places in a station where print material goes, with their types, sizes and images.',
  products: 'The product catalogue: products with their categories and images.',
  'catalogue-import': 'Importing products from a CSV or Excel file: upload, column mapping, dry run and the import job.',
  designs: 'The designs of each category that promotions put on surfaces.',
  promotions: 'Promotions over a period of days: their details, images and milestones.',
  'promotion-design': "A promotion's surfaces and the designs on them: the design page with its brief, files, products and designer.",
  chat: "The design chat of a surface-design: messages, files, sketch ratings and the real-time socket's address.",
  proofing: 'Proofing the files of a design chat: file versions, their preflight and pins with replies.',
  reviews: "Review flows: the stages a design's versions pass, and each reviewer's decision.",
  files: 'The upload step every upload goes through, images for <img src>, and downloads of chat and brief files.',
  reports: "A promotion's report of amounts per station, sending it to the printers (and taking it back), and its Excel file.",
  print: 'The printer: the promotions sent to it, their print reports and HQ files, and its printed parcels.',
  distribution: 'The distributor: printed parcels to pass on, and the tracker numbers of parcels delivered to stations.',
  notifications: "The caller's notifications.",
  company: "A station's own side: its promotions, planned amounts, parcel receipts and placement photos.",
  settings: 'The system settings: the distributor, the promotions admin, the report percent and the unit of surface sizes.',
  feedback: 'Feedback threads between users.',
  waiting: "What waits for the caller and by when, and the daily digest e-mail's opt-out.",
  push: 'Web Push: the VAPID public key and the devices that receive pushes.',
  audit: 'The audit log of who changed what.',
  insights: 'Figures across promotions: cost, deadlines kept, delivery, design turnaround and print quality.',
  signs: "Price signs: templates (a design's layout in numbered versions) and a promotion design's signs, one per product, rendered into its print-ready HQ file.",
};
