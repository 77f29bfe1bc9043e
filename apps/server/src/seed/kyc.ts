/** The KYC area's messages (configuration, always): [code, placeholders, { language: [title, content] }]. */
export const KYC_MESSAGES: [string, string[], Record<'EN' | 'VI' | 'CN', [string, string]>][] = [
  [
    'KYC_VERIFIED',
    [],
    {
      EN: ['Identity verified', 'Your identity documents were checked and your account is now verified.'],
      VI: [
        'Đã xác minh danh tính',
        'Giấy tờ tùy thân của bạn đã được kiểm tra, tài khoản của bạn đã được xác minh.',
      ],
      CN: ['身份已验证', '您的身份证件已审核通过，账户已完成验证。'],
    },
  ],
  [
    'KYC_REJECTED',
    ['reason'],
    {
      EN: [
        'Identity verification rejected',
        'We could not verify your identity: {reason}. Please upload your documents again on the Verification page.',
      ],
      VI: [
        'Xác minh danh tính bị từ chối',
        'Chúng tôi chưa thể xác minh danh tính của bạn: {reason}. Vui lòng tải lại giấy tờ ở trang Xác minh danh tính.',
      ],
      CN: ['身份验证未通过', '我们无法验证您的身份：{reason}。请在「身份验证」页面重新上传证件。'],
    },
  ],
];
