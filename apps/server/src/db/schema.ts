/** The database's tables, split by area (`schema/`); drizzle-kit reads them through this file. */
export * from './schema/people';
export * from './schema/files';
export * from './schema/catalogue';
export * from './schema/promotions';
export * from './schema/design-chat';
export * from './schema/stations';
export * from './schema/print-flow';
export * from './schema/messages';
export * from './schema/system';
export * from './schema/insights';
export * from './schema/reviews';
export * from './schema/signs';
