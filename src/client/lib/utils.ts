import { clsx, type ClassValue } from 'clsx';

/** Joins class names. Components expose variants instead of letting callers override conflicting utilities. */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
