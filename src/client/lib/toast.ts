import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT } from '@shared/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

/** Time a dismissed toast stays mounted so its exit animation can play. */
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => publish(toasts.filter((item) => item.open || (id !== undefined && item.id !== id))), REMOVE_DELAY_MS);
}

/** Shows a toast; only the newest TOAST_LIMIT toasts stay (docs/product.md §9: at most 1 visible). */
export function toast(input: ToastInput): { id: string; dismiss(): void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
