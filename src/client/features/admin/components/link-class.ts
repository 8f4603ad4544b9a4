/** A link inside the console's pages and tables: the primary colour, underlined on hover. */
export const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
