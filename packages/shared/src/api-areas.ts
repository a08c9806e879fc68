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
} as const;
