/**
 * The database's tables, one file a part of the product: the catalogue and settings, accounts, orders and their
 * figures, what the sandbox providers keep, and what the product keeps around orders and accounts. Migrations are
 * generated from here (drizzle.config.ts) into drizzle/.
 */
export * from './catalog';
export * from './accounts';
export * from './orders';
export * from './support';
export * from './sandbox';
export * from './risk';
export * from './promo';
export * from './alerts';
export * from './disputes';
export * from './saved-cards';
export * from './referrals';
export * from './auto-topups';
