import { useEffect, useRef } from 'react';

/** Moves focus to a step's heading when the step appears, since the button that led there is gone. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
