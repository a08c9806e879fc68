import { ean13 } from '../db/seed/catalogue';

let seq = Date.now() % 1_000_000;

/** A valid product form, as the web sends it, with an EAN-13 no other product in this run has. */
export const productBody = (over: Record<string, unknown> = {}) => ({
  name: 'Sjokolade 200g',
  vendor_code: '123456',
  ean: ean13(709_000_000_000 + seq++ * 7 + process.pid),
  category: 'Generic',
  sub_category: 'Godteri',
  manufacturer: 'Freia',
  main_last_price: '39.90',
  provider_name: 'Freia Norge AS',
  tax: '15',
  container_deposit: '0',
  price_per_item: '42.5',
  item_plan_bu_grp: 'BU-1',
  locally_owned: 'Nei',
  selling_type: 'Standard',
  provider_item_ean: '7040000000017',
  provider_item_name: 'Sjokolade (Freia)',
  provider_item_pack_qty: '12',
  provider_item_vendor_code: '800001',
  latest_price: '41',
  status: 'true',
  ...over,
});
