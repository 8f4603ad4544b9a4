/**
 * The product's colours for e-mails: the light theme's tokens of src/client/styles.css (mail clients take no style
 * sheets or custom properties, so each is written inline). email-theme.test.ts keeps them equal to the style sheet's.
 */
export const EMAIL_COLOURS = {
  /** --background: the page around the message. */
  background: '#f8fafc',
  /** --card: the message itself. */
  card: '#ffffff',
  /** --foreground: body text. */
  foreground: '#0f172a',
  /** --muted-foreground: labels and the small print. */
  mutedForeground: '#475569',
  /** --muted: the merchant block. */
  muted: '#f1f5f9',
  /** --primary and --primary-foreground: the header band and the button. */
  primary: '#0f766e',
  primaryForeground: '#ffffff',
  /** --accent and --accent-foreground: the lead's highlight. */
  accent: '#ccfbf1',
  accentForeground: '#134e4a',
  /** --border: the rules between lines. */
  border: '#e2e8f0',
} as const;

/** Which custom property of the light theme (styles.css `:root`) each colour is. */
export const EMAIL_COLOUR_TOKENS: Readonly<Record<keyof typeof EMAIL_COLOURS, string>> = {
  background: '--background',
  card: '--card',
  foreground: '--foreground',
  mutedForeground: '--muted-foreground',
  muted: '--muted',
  primary: '--primary',
  primaryForeground: '--primary-foreground',
  accent: '--accent',
  accentForeground: '--accent-foreground',
  border: '--border',
};
