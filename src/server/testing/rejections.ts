import { expect } from 'vitest';

/** The error a promise rejects with, checked to be a `kind` (a promise that resolves fails the test). */
export async function rejectionOf<E extends Error>(promise: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}

/** The error a call throws, checked to be a `kind` (a call that returns fails the test). */
export function thrownBy<E extends Error>(call: () => unknown, kind: abstract new (...args: never[]) => E): E {
  let error: unknown;
  try {
    call();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(kind);
  return error as E;
}
