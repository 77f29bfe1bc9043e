import {
  DEPOSIT_REJECT_REASONS,
  type DepositRejectReason,
  WITHDRAWAL_REJECT_REASONS,
  type WithdrawalRejectReason,
} from '@tessera/contract';
import type { Localized } from '../inbox/service.ts';

/**
 * The reasons finance picks from when rejecting a deposit or a withdrawal, in the member's words for the message
 * the member receives (the site and the console have the same in their bundles). An operator's own words are not
 * translated.
 */
const REJECT_REASONS: Record<DepositRejectReason | WithdrawalRejectReason, Localized> = {
  payment_not_received: {
    EN: 'no transfer with this reference reached our account',
    VI: 'chưa có khoản chuyển nào với mã tham chiếu này về tài khoản của chúng tôi',
    CN: '我们的账户未收到带有此参考号的转账',
  },
  amount_mismatch: {
    EN: 'the amount received differs from the order',
    VI: 'số tiền nhận được khác với số tiền của đơn',
    CN: '收到的金额与订单不符',
  },
  payer_mismatch: {
    EN: 'the transfer came from an account in another name',
    VI: 'khoản chuyển đến từ tài khoản mang tên người khác',
    CN: '转账来自他人名下的账户',
  },
  duplicate_order: {
    EN: 'this transfer was already credited under another order',
    VI: 'khoản chuyển này đã được ghi có theo một đơn khác',
    CN: '该笔转账已在另一订单中入账',
  },
  account_details_wrong: {
    EN: 'the bank account details are not correct',
    VI: 'thông tin tài khoản ngân hàng không chính xác',
    CN: '银行账户信息有误',
  },
  payee_name_mismatch: {
    EN: "the account holder's name does not match yours",
    VI: 'tên chủ tài khoản không khớp với tên của bạn',
    CN: '账户持有人姓名与您的姓名不符',
  },
  account_under_review: {
    EN: 'your account is under a security review; please contact support',
    VI: 'tài khoản của bạn đang được kiểm tra bảo mật; vui lòng liên hệ hỗ trợ',
    CN: '您的账户正在进行安全审核，请联系客服',
  },
  duplicate_request: {
    EN: 'this request repeats another one',
    VI: 'yêu cầu này trùng với một yêu cầu khác',
    CN: '该申请与另一申请重复',
  },
};

const known = new Set<string>([...DEPOSIT_REJECT_REASONS, ...WITHDRAWAL_REJECT_REASONS]);

/** A rejection's reason for the member's message: a preset in every language, an operator's words as written. */
export function rejectReason(reason: string): Localized | string {
  return known.has(reason) ? REJECT_REASONS[reason as keyof typeof REJECT_REASONS] : reason;
}
