import { auth } from './contract/auth';
import { categories } from './contract/categories';
import { chat, downloads } from './contract/chat';
import { company } from './contract/company';
import { designs } from './contract/designs';
import { feedback } from './contract/feedback';
import { files } from './contract/files';
import { notificationsApi } from './contract/notifications';
import { designPage, promotionDesign } from './contract/promotion-design';
import { products } from './contract/products';
import { proofing } from './contract/proofing';
import { promotions } from './contract/promotions';
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
  designs: { designs },
  promotions: { promotions },
  'promotion-design': { promotionDesign, designPage },
  chat: { chat },
  proofing: { proofing },
  files: { files, downloads },
  reports: { reports },
  print: { print },
  distribution: { distribution },
  notifications: { notificationsApi },
  company: { company },
  settings: { settings },
  feedback: { feedback },
} as const;
