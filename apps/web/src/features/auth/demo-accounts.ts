/** The demo logins of the seeded data (README lists the same); the form starts with the first. */
export const DEMO_PASSWORD = 'Demo2026';
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@demo.no' },
  { role: 'cm', email: 'cm@demo.no' },
  { role: 'cm-admin', email: 'cm-admin@demo.no' },
  { role: 'designer', email: 'designer@demo.no' },
  { role: 'printer', email: 'printer@demo.no' },
  { role: 'distributor', email: 'distributor@demo.no' },
  { role: 'user', email: 'user@demo.no' },
] as const;
