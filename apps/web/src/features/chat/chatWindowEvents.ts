/** The chat room's floating window folds into its bubble when a card of it takes the member elsewhere. */
const HIDE = 'tessera:chat-hide';

export function hideChatWindow() {
  window.dispatchEvent(new Event(HIDE));
}

/** Calls `hide` on each request; answers the function that stops listening. */
export function onHideChatWindow(hide: () => void): () => void {
  window.addEventListener(HIDE, hide);
  return () => window.removeEventListener(HIDE, hide);
}
