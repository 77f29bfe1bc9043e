import { CHUNK_LOAD_TIMEOUT_MS } from '@tessera/contract';
import { type ComponentType, lazy } from 'react';
import { loadPageStrings } from '../i18n/index.ts';

/** A page's code could not be loaded (network failure, a new deployment, or no answer within 120 s). */
class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  // Vite's preloading and the browser's own message for a failed import().
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** Resolves as the import does, or fails with ChunkLoadError when it fails or takes over 120 s (§9). */
function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk failed: no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        window.clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError(`Loading chunk failed: ${String(cause)}`));
      },
    );
  });
}

/**
 * React.lazy with the chunk timeout, together with the whole string bundle (the first download carries only the
 * first screen's strings); a failure reaches the route's error boundary as ChunkLoadError.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadChunk(() => Promise.all([load(), loadPageStrings()]).then(([page]) => page)));
}
