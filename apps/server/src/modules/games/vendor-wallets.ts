import type { VendorWallets } from '../wallet/vendor-wallets.ts';
import { isTransferVendor, startVendorTransfer } from './providers/transfers.ts';
import { transferWalletVendors } from './service.ts';

/** The games area's answer to the wallet's questions about vendor wallets (joined to the wallet in `app.ts`). */
export const vendorWallets: VendorWallets = {
  list: transferWalletVendors,
  atProvider: isTransferVendor,
  startTransfer: startVendorTransfer,
};
