import { lazyDialog } from './lazyDialog.tsx';

/*
 * The dialogs of the site's frame (header, right bar, phone drawer) that the first screen does not draw: their
 * code loads the first time one opens (app/lazyDialog.tsx), so home's first download does not carry it.
 */

/** The chat room's floating window (features/chat); the /chat page draws it itself. */
export const ChatWindow = lazyDialog(() =>
  import('../features/chat/ChatWindow.tsx').then((module) => module.ChatWindow),
);
export const SpeedTestDialog = lazyDialog(() =>
  import('../features/right-bar/SpeedTestDialog.tsx').then((module) => module.SpeedTestDialog),
);
export const SignOutDialog = lazyDialog(() =>
  import('../features/header/SignOutDialog.tsx').then((module) => module.SignOutDialog),
);
/** The phone header's account drawer (features/header), open through features/header/accountDrawer.ts. */
export const AccountDrawer = lazyDialog(() =>
  import('../features/header/AccountDrawer.tsx').then((module) => module.AccountDrawer),
);
/** A notice of the notice bar (features/notices), open while it has an index. */
export const NoticeModal = lazyDialog(() =>
  import('../features/notices/NoticeModal.tsx').then((module) => module.NoticeModal),
);
/** The phone tab bar's sheet of game types (features/tab-bar). */
export const GamesSheet = lazyDialog(() =>
  import('../features/tab-bar/GamesSheet.tsx').then((module) => module.GamesSheet),
);
