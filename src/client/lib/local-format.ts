/** The browser's name for the formatters the server's receipts use too (src/shared/local-format.ts). */
export { formatLocalAmount, intlLocale, moneyText } from '@shared/local-format';
