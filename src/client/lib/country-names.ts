/** The browser's name for the country names the server's receipts use too (src/shared/country-names.ts). */
export { countryNameIn } from '@shared/country-names';
