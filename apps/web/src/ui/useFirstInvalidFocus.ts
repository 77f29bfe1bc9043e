import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, focus goes to the form's first field in error, scrolled into view. A react-hook-form form
 * passes its `formState.submitCount`: each submit, once its errors (the schema's or the server's) have rendered,
 * moves the focus. Other forms call `refused()` once the errors are set; the focus moves when they have rendered.
 */
export function useFirstInvalidFocus<T extends HTMLElement = HTMLFormElement>(submitCount = 0) {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0 && submitCount === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center' });
  }, [refusals, submitCount]);
  return { ref, refused: () => setRefusals((count) => count + 1) };
}
