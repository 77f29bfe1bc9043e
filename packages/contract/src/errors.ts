/**
 * Stable error codes of the envelope, with the HTTP status each one is answered with and its message in the
 * three translated languages. Front ends map a code to an i18n key of the same name.
 */
export const ERRORS = {
  validation_failed: {
    status: 400,
    EN: 'Some fields are not valid.',
    VI: 'Một số trường không hợp lệ.',
    CN: '部分字段无效。',
  },
  unknown_merchant: {
    status: 400,
    EN: 'Invalid domain or URL, please contact support.',
    VI: 'Tên miền hoặc URL không hợp lệ, vui lòng liên hệ hỗ trợ.',
    CN: '域名或网址无效，请联系客服。',
  },
  bad_request: {
    status: 400,
    EN: 'The request is not valid.',
    VI: 'Yêu cầu không hợp lệ.',
    CN: '请求无效。',
  },
  unauthorized: {
    status: 401,
    EN: 'Please log in first.',
    VI: 'Vui lòng đăng nhập trước.',
    CN: '请先登录。',
  },
  session_expired: {
    status: 401,
    EN: 'Your session has ended. Please log in again.',
    VI: 'Phiên của bạn đã kết thúc. Vui lòng đăng nhập lại.',
    CN: '会话已结束，请重新登录。',
  },
  forbidden: {
    status: 403,
    EN: 'You are not allowed to do this.',
    VI: 'Bạn không được phép thực hiện thao tác này.',
    CN: '您无权执行此操作。',
  },
  in_need_true_account: {
    status: 403,
    EN: 'This needs a real account. Please register a real account to continue.',
    VI: 'Cần tài khoản thật. Vui lòng đăng ký tài khoản thật để tiếp tục.',
    CN: '需要真实账号，请注册真实账号后继续。',
  },
  not_agent: {
    status: 403,
    EN: 'Not an agent, cannot log in.',
    VI: 'Không phải đại lý, không thể đăng nhập.',
    CN: '非代理，无法登录。',
  },
  not_member: {
    status: 403,
    EN: 'Non-members cannot enter.',
    VI: 'Không phải hội viên, không thể vào.',
    CN: '非会员不能进入。',
  },
  invalid_credentials: {
    status: 401,
    EN: 'Wrong account or password, please try again.',
    VI: 'Sai tài khoản hoặc mật khẩu, vui lòng thử lại.',
    CN: '账号或密码错误，请重试。',
  },
  account_locked: {
    status: 423,
    EN: 'Too many failed attempts. The account is locked for a while.',
    VI: 'Quá nhiều lần thử sai. Tài khoản tạm thời bị khóa.',
    CN: '失败次数过多，账号暂时被锁定。',
  },
  not_found: { status: 404, EN: 'Not found.', VI: 'Không tìm thấy.', CN: '未找到。' },
  conflict: {
    status: 409,
    EN: 'This already exists.',
    VI: 'Mục này đã tồn tại.',
    CN: '该项已存在。',
  },
  feedback_limit: {
    status: 429,
    EN: 'You have sent a lot of feedback in the last hour. Please try again later.',
    VI: 'Bạn đã gửi nhiều góp ý trong giờ qua. Vui lòng thử lại sau.',
    CN: '您在过去一小时内提交的反馈过多，请稍后再试。',
  },
  feedback_closed: {
    status: 409,
    EN: 'This feedback is closed.',
    VI: 'Góp ý này đã đóng.',
    CN: '该反馈已关闭。',
  },
  broadcast_withdrawn: {
    status: 409,
    EN: 'This message was already withdrawn.',
    VI: 'Tin nhắn này đã được thu hồi.',
    CN: '该消息已撤回。',
  },
  setup_already_done: {
    status: 409,
    EN: 'The console is already set up.',
    VI: 'Bảng điều khiển đã được thiết lập.',
    CN: '控制台已完成设置。',
  },
  last_owner: {
    status: 409,
    EN: 'The last active owner cannot be removed or demoted.',
    VI: 'Không thể xóa hoặc hạ quyền chủ sở hữu cuối cùng.',
    CN: '不能删除或降级最后一位所有者。',
  },
  unsupported_media_type: {
    status: 415,
    EN: 'Only PNG, JPEG, WebP or GIF images are accepted.',
    VI: 'Chỉ chấp nhận ảnh PNG, JPEG, WebP hoặc GIF.',
    CN: '仅接受 PNG、JPEG、WebP 或 GIF 图片。',
  },
  payload_too_large: {
    status: 413,
    EN: 'The file is too large.',
    VI: 'Tệp quá lớn.',
    CN: '文件过大。',
  },
  too_many_requests: {
    status: 429,
    EN: 'Too many requests, please retry after 5 minutes.',
    VI: 'Quá nhiều yêu cầu, vui lòng thử lại sau 5 phút.',
    CN: '请求过多，请 5 分钟后重试。',
  },
  maintenance: {
    status: 503,
    EN: 'The site is under maintenance.',
    VI: 'Trang web đang bảo trì.',
    CN: '网站维护中。',
  },
  region_blocked: {
    status: 403,
    EN: 'Your IP or region is blocked.',
    VI: 'IP hoặc khu vực của bạn bị chặn.',
    CN: '您的 IP 或地区被限制。',
  },
  plaintext_refused: {
    status: 400,
    EN: 'This request must be sent encrypted.',
    VI: 'Yêu cầu này phải được gửi ở dạng mã hóa.',
    CN: '此请求必须加密发送。',
  },
  encryption_key_expired: {
    status: 400,
    EN: 'The encryption key has changed. Please retry.',
    VI: 'Khóa mã hóa đã thay đổi. Vui lòng thử lại.',
    CN: '加密密钥已更换，请重试。',
  },
  decryption_failed: {
    status: 400,
    EN: 'The request could not be decrypted.',
    VI: 'Không thể giải mã yêu cầu.',
    CN: '无法解密该请求。',
  },
  captcha_required: {
    status: 400,
    EN: 'Please complete verification first.',
    VI: 'Vui lòng hoàn tất xác minh trước.',
    CN: '请先完成验证。',
  },
  captcha_invalid: {
    status: 400,
    EN: 'The captcha check failed. Please try again.',
    VI: 'Mã xác minh không đúng. Vui lòng thử lại.',
    CN: '验证码校验失败，请重试。',
  },
  sms_code_invalid: {
    status: 400,
    EN: 'Please enter a valid verification code.',
    VI: 'Vui lòng nhập mã xác minh hợp lệ.',
    CN: '请输入有效的验证码。',
  },
  sms_code_expired: {
    status: 400,
    EN: 'The verification code has expired. Please send it again.',
    VI: 'Mã xác minh đã hết hạn. Vui lòng gửi lại.',
    CN: '验证码已过期，请重新发送。',
  },
  mobile_taken: {
    status: 409,
    EN: 'This mobile number is already registered.',
    VI: 'Số điện thoại này đã được đăng ký.',
    CN: '该手机号已被注册。',
  },
  username_taken: {
    status: 409,
    EN: 'This user name is already taken.',
    VI: 'Tên người dùng này đã được sử dụng.',
    CN: '该用户名已被占用。',
  },
  password_rule: {
    status: 400,
    EN: 'The password does not meet the rules: 8 to 64 characters, not a common password and not easy to guess.',
    VI: 'Mật khẩu không đạt yêu cầu: 8 đến 64 ký tự, không phải mật khẩu phổ biến và không dễ đoán.',
    CN: '密码不符合规则：8 至 64 个字符，不能是常见密码，且不能容易被猜到。',
  },
  password_incorrect: {
    status: 400,
    EN: 'The current password is incorrect.',
    VI: 'Mật khẩu hiện tại không đúng.',
    CN: '当前密码不正确。',
  },
  affiliate_invalid: {
    status: 400,
    EN: 'Invalid invitation code.',
    VI: 'Mã mời không hợp lệ.',
    CN: '邀请码无效。',
  },
  feature_disabled: {
    status: 403,
    EN: 'This feature is not available.',
    VI: 'Tính năng này hiện không khả dụng.',
    CN: '该功能暂不可用。',
  },
  email_not_found: {
    status: 400,
    EN: 'User name or email does not exist.',
    VI: 'Tên người dùng hoặc email không tồn tại.',
    CN: '用户名或邮箱不存在。',
  },
  reset_link_invalid: {
    status: 400,
    EN: 'This password reset link is invalid or has expired.',
    VI: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn.',
    CN: '该重置密码链接无效或已过期。',
  },
  member_locked: {
    status: 403,
    EN: 'This account is locked. Please contact customer service.',
    VI: 'Tài khoản này đã bị khóa. Vui lòng liên hệ chăm sóc khách hàng.',
    CN: '该账号已被锁定，请联系客服。',
  },
  internal_error: {
    status: 500,
    EN: 'Unknown error or system error.',
    VI: 'Lỗi không xác định hoặc lỗi hệ thống.',
    CN: '未知错误或系统错误。',
  },
  idempotency_key_reused: {
    status: 422,
    EN: 'This request key was already used for a different request.',
    VI: 'Khóa yêu cầu này đã được dùng cho một yêu cầu khác.',
    CN: '此请求键已用于另一个不同的请求。',
  },
  idempotency_key_invalid: {
    status: 400,
    EN: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    VI: 'Tiêu đề Idempotency-Key phải gồm 1 đến 255 ký tự hiển thị.',
    CN: 'Idempotency-Key 请求头须为 1 到 255 个可见字符。',
  },
  job_not_dead: {
    status: 409,
    EN: 'Only a job that has failed for good can be retried.',
    VI: 'Chỉ có thể thử lại công việc đã thất bại hẳn.',
    CN: '只有彻底失败的任务才能重试。',
  },
  operator_setup_required: {
    status: 403,
    EN: 'Change your password and set up two-step sign-in first.',
    VI: 'Vui lòng đổi mật khẩu và thiết lập đăng nhập hai bước trước.',
    CN: '请先修改密码并设置两步登录。',
  },
  second_factor_invalid: {
    status: 400,
    EN: 'The code is not valid. Please try again.',
    VI: 'Mã không hợp lệ. Vui lòng thử lại.',
    CN: '验证码无效，请重试。',
  },
  second_factor_expired: {
    status: 400,
    EN: 'This sign-in has expired. Please sign in again.',
    VI: 'Phiên đăng nhập này đã hết hạn. Vui lòng đăng nhập lại.',
    CN: '本次登录已过期，请重新登录。',
  },
  login_slowed_down: {
    status: 429,
    EN: 'Too many failed sign-ins from your address. Please wait a moment and try again.',
    VI: 'Quá nhiều lần đăng nhập sai từ địa chỉ của bạn. Vui lòng đợi một lát rồi thử lại.',
    CN: '您的地址登录失败次数过多，请稍候再试。',
  },
  service_unavailable: {
    status: 503,
    EN: 'The service is unavailable, please retry.',
    VI: 'Dịch vụ không khả dụng, vui lòng thử lại.',
    CN: '服务不可用，请重试。',
  },
  insufficient_balance: {
    status: 422,
    EN: 'Your balance is not enough for this.',
    VI: 'Số dư của bạn không đủ.',
    CN: '余额不足。',
  },
  adjustment_exceeds_balance: {
    status: 422,
    EN: "The member's balance is too low for this deduction.",
    VI: 'Số dư của thành viên không đủ cho khoản trừ này.',
    CN: '该会员余额不足以扣除此金额。',
  },
  amount_invalid: {
    status: 400,
    EN: 'The amount is not valid for this currency.',
    VI: 'Số tiền không hợp lệ với loại tiền tệ này.',
    CN: '金额对该币种无效。',
  },
  game_not_found: {
    status: 404,
    EN: 'This game is not available.',
    VI: 'Trò chơi này không khả dụng.',
    CN: '该游戏不可用。',
  },
  game_coming_soon: {
    status: 409,
    EN: 'Coming Soon',
    VI: 'Sắp ra mắt',
    CN: '敬请期待',
  },
  game_demo_unavailable: {
    status: 403,
    EN: 'This game has no free play. Please log in with a real account.',
    VI: 'Trò chơi này không có chế độ chơi thử. Vui lòng đăng nhập bằng tài khoản thật.',
    CN: '该游戏不支持试玩，请使用真实账号登录。',
  },
  game_provider_unavailable: {
    status: 503,
    EN: 'The game provider is not available right now. Please try again later.',
    VI: 'Nhà cung cấp trò chơi hiện không khả dụng. Vui lòng thử lại sau.',
    CN: '游戏供应商暂时不可用，请稍后再试。',
  },
  game_launch_refused: {
    status: 409,
    EN: 'The game provider could not open this game. Please try another game.',
    VI: 'Nhà cung cấp không thể mở trò chơi này. Vui lòng thử trò chơi khác.',
    CN: '游戏供应商无法打开该游戏，请尝试其他游戏。',
  },
  house_launch_invalid: {
    status: 401,
    EN: 'This game link was already used or has expired. Please open the game again.',
    VI: 'Liên kết trò chơi này đã được dùng hoặc đã hết hạn. Vui lòng mở lại trò chơi.',
    CN: '该游戏链接已被使用或已过期，请重新打开游戏。',
  },
  house_bet_out_of_limits: {
    status: 400,
    EN: "This stake is outside the game's limits.",
    VI: 'Mức cược này nằm ngoài giới hạn của trò chơi.',
    CN: '该投注额超出游戏限额。',
  },
  house_round_in_progress: {
    status: 409,
    EN: 'A round is still being played. Please try again in a moment.',
    VI: 'Một ván chơi vẫn đang diễn ra. Vui lòng thử lại sau giây lát.',
    CN: '仍有一局正在进行，请稍后再试。',
  },
  house_betting_closed: {
    status: 409,
    EN: 'Betting for this round has closed. Please bet on the next round.',
    VI: 'Đã hết thời gian đặt cược cho ván này. Vui lòng đặt cược ở ván tiếp theo.',
    CN: '本局投注已截止，请在下一局投注。',
  },
  house_bet_invalid_spot: {
    status: 400,
    EN: 'This bet is not on the table.',
    VI: 'Cửa cược này không có trên bàn.',
    CN: '该投注项不在桌面上。',
  },
  house_round_voided: {
    status: 409,
    EN: 'The round could not be completed and was cancelled; your stake was returned.',
    VI: 'Ván chơi không thể hoàn tất và đã bị hủy; tiền cược của bạn đã được hoàn lại.',
    CN: '本局无法完成，已取消，投注额已退还。',
  },
  wallet_single: {
    status: 409,
    EN: 'This site has a single wallet: there is nothing to transfer between.',
    VI: 'Trang này chỉ có một ví: không có ví nào để chuyển qua lại.',
    CN: '本站为单一钱包，无需转账。',
  },
  wallet_unknown: {
    status: 400,
    EN: 'There is no such wallet.',
    VI: 'Không có ví này.',
    CN: '没有该钱包。',
  },
  transfer_not_allowed: {
    status: 403,
    EN: 'This transfer is not allowed for your account.',
    VI: 'Tài khoản của bạn không được phép chuyển khoản này.',
    CN: '您的账号不允许此转账。',
  },
  currency_locked: {
    status: 409,
    EN: 'The currency cannot change once money has moved: every amount is kept in its units.',
    VI: 'Không thể đổi tiền tệ khi đã có giao dịch: mọi số tiền được lưu theo đơn vị của nó.',
    CN: '已有资金变动后不能更改币种：所有金额都以该币种单位保存。',
  },
  vendor_wallets_not_empty: {
    status: 409,
    EN: 'Players still hold money in vendor wallets. Move it back to their main wallets before making the wallet single.',
    VI: 'Người chơi vẫn còn tiền trong ví nhà cung cấp. Hãy chuyển về ví chính trước khi chuyển sang ví đơn.',
    CN: '玩家的厂商钱包中仍有余额。请先转回主钱包，再改为单一钱包。',
  },
  payment_password_not_set: {
    status: 409,
    EN: 'Please set a payment password first (Security center).',
    VI: 'Vui lòng đặt mật khẩu thanh toán trước (Trung tâm bảo mật).',
    CN: '请先在安全中心设置支付密码。',
  },
  payment_password_wrong: {
    status: 403,
    EN: 'The payment password is not correct.',
    VI: 'Mật khẩu thanh toán không đúng.',
    CN: '支付密码不正确。',
  },
  payment_password_locked: {
    status: 423,
    EN: 'Too many wrong payment passwords. Please try again later.',
    VI: 'Nhập sai mật khẩu thanh toán quá nhiều lần. Vui lòng thử lại sau.',
    CN: '支付密码错误次数过多，请稍后再试。',
  },
  deposit_amount_out_of_range: {
    status: 400,
    EN: "The amount is outside this channel's minimum and maximum.",
    VI: 'Số tiền nằm ngoài mức tối thiểu và tối đa của kênh này.',
    CN: '金额超出该渠道的最低和最高限额。',
  },
  channel_unavailable: {
    status: 409,
    EN: 'This payment channel is not available. Please choose another one.',
    VI: 'Kênh thanh toán này hiện không khả dụng. Vui lòng chọn kênh khác.',
    CN: '该支付渠道暂不可用，请选择其他渠道。',
  },
  channel_in_use: {
    status: 409,
    EN: 'This channel already has deposits: disable it instead of deleting it.',
    VI: 'Kênh này đã có giao dịch nạp tiền: hãy tắt kênh thay vì xóa.',
    CN: '该渠道已有存款记录，请停用而不是删除。',
  },
  deposit_not_pending: {
    status: 409,
    EN: 'This deposit has already been processed.',
    VI: 'Khoản nạp này đã được xử lý.',
    CN: '该存款已处理。',
  },
  deposit_gateway_managed: {
    status: 409,
    EN: 'An online payment is confirmed by its gateway; reject the order if it was never paid.',
    VI: 'Thanh toán trực tuyến do cổng thanh toán xác nhận; hãy từ chối đơn nếu chưa được thanh toán.',
    CN: '在线支付由支付网关确认；如订单未付款，请拒绝该订单。',
  },
  callback_refused: {
    status: 400,
    EN: 'The payment notification was refused.',
    VI: 'Thông báo thanh toán đã bị từ chối.',
    CN: '支付通知被拒绝。',
  },
  export_too_large: {
    status: 400,
    EN: 'Too many rows to export. Please narrow the filter.',
    VI: 'Quá nhiều dòng để xuất. Vui lòng thu hẹp bộ lọc.',
    CN: '导出的行数过多，请缩小筛选范围。',
  },
  withdrawal_below_min: {
    status: 400,
    EN: 'The amount is below the minimum withdrawal.',
    VI: 'Số tiền thấp hơn mức rút tối thiểu.',
    CN: '金额低于最低提款额。',
  },
  withdrawal_above_max: {
    status: 400,
    EN: 'The amount is above the maximum withdrawal.',
    VI: 'Số tiền vượt quá mức rút tối đa.',
    CN: '金额超过最高提款额。',
  },
  withdrawal_daily_limit: {
    status: 429,
    EN: 'You have made as many withdrawals as allowed today. Please try again tomorrow.',
    VI: 'Bạn đã rút đủ số lần cho phép trong hôm nay. Vui lòng thử lại vào ngày mai.',
    CN: '今日提款次数已达上限，请明天再试。',
  },
  turnover_not_met: {
    status: 409,
    EN: 'Your turnover must be wagered before a withdrawal: see the turnover remaining and why.',
    VI: 'Bạn cần đặt cược đủ doanh thu trước khi rút: xem doanh thu còn lại và lý do.',
    CN: '需完成流水后才能提款：请查看剩余流水及其来源。',
  },
  bank_account_unknown: {
    status: 400,
    EN: 'Please choose one of your bank accounts.',
    VI: 'Vui lòng chọn một tài khoản ngân hàng của bạn.',
    CN: '请选择您的一个银行账户。',
  },
  bank_account_exists: {
    status: 409,
    EN: 'This bank account is already in your list.',
    VI: 'Tài khoản ngân hàng này đã có trong danh sách của bạn.',
    CN: '该银行账户已在您的列表中。',
  },
  bank_account_limit: {
    status: 409,
    EN: 'You have as many bank accounts as allowed. Remove one first.',
    VI: 'Bạn đã có số tài khoản ngân hàng tối đa. Vui lòng xóa bớt một tài khoản.',
    CN: '银行账户数量已达上限，请先删除一个。',
  },
  withdrawal_not_pending: {
    status: 409,
    EN: 'This withdrawal was already approved or rejected.',
    VI: 'Yêu cầu rút tiền này đã được duyệt hoặc từ chối.',
    CN: '该提款已被批准或拒绝。',
  },
  withdrawal_not_awaiting_confirmation: {
    status: 409,
    EN: 'This withdrawal is not waiting for your confirmation.',
    VI: 'Yêu cầu rút tiền này không chờ bạn xác nhận.',
    CN: '该提款无需您确认。',
  },
  withdrawal_confirmation_closed: {
    status: 409,
    EN: 'The time to confirm has passed: the withdrawal counts as received.',
    VI: 'Đã hết thời gian xác nhận: khoản rút được coi là đã nhận.',
    CN: '确认时间已过：该提款视为已到账。',
  },
  proof_required: {
    status: 400,
    EN: 'Please upload proof of non-receipt.',
    VI: 'Vui lòng tải lên bằng chứng chưa nhận được tiền.',
    CN: '请上传未到账的凭证。',
  },
  image_too_large: {
    status: 413,
    EN: 'The image is too large (5MB at most).',
    VI: 'Ảnh quá lớn (tối đa 5MB).',
    CN: '图片过大（最大 5MB）。',
  },
  too_many_images: {
    status: 400,
    EN: 'You can upload at most 3 images.',
    VI: 'Bạn chỉ có thể tải lên tối đa 3 ảnh.',
    CN: '最多只能上传 3 张图片。',
  },
  image_type_not_allowed: {
    status: 415,
    EN: 'Only png or jpg images are accepted.',
    VI: 'Chỉ chấp nhận ảnh png hoặc jpg.',
    CN: '仅支持 png 或 jpg 图片。',
  },
  claim_not_open: {
    status: 409,
    EN: 'This confirmation has no open claim to act on.',
    VI: 'Xác nhận này không có khiếu nại nào đang mở để xử lý.',
    CN: '该确认没有待处理的申诉。',
  },
  lottery_game_not_found: {
    status: 404,
    EN: 'This lottery game does not exist or is closed.',
    VI: 'Trò chơi xổ số này không tồn tại hoặc đã đóng.',
    CN: '该彩票游戏不存在或已关闭。',
  },
  lottery_draw_not_found: {
    status: 404,
    EN: 'This draw does not exist.',
    VI: 'Kỳ quay này không tồn tại.',
    CN: '该期开奖不存在。',
  },
  lottery_betting_closed: {
    status: 409,
    EN: 'Betting on this draw has closed. Please bet on the next draw.',
    VI: 'Kỳ này đã khóa cược. Vui lòng đặt cược cho kỳ tiếp theo.',
    CN: '本期已封盘，请投注下一期。',
  },
  lottery_bet_type_unavailable: {
    status: 400,
    EN: 'This bet type is not offered on this game.',
    VI: 'Kiểu cược này không có ở trò chơi này.',
    CN: '该游戏不提供此玩法。',
  },
  lottery_numbers_invalid: {
    status: 400,
    EN: 'Check the numbers: each must have the right number of digits, appear once, and be as many as the bet type needs.',
    VI: 'Kiểm tra lại các số: mỗi số phải đúng số chữ số, không trùng và đủ số lượng theo kiểu cược.',
    CN: '请检查号码：位数须正确、不可重复，且数量须符合玩法要求。',
  },
  lottery_points_out_of_limits: {
    status: 400,
    EN: 'The points per number are outside the limits of this bet type.',
    VI: 'Số điểm mỗi số nằm ngoài giới hạn của kiểu cược này.',
    CN: '每注倍数超出该玩法的限制。',
  },
  lottery_cap_exceeded: {
    status: 409,
    EN: 'The limit on these numbers for this draw has been reached. Bet fewer points or choose other numbers.',
    VI: 'Các số này đã đạt hạn mức của kỳ quay. Hãy giảm số điểm hoặc chọn số khác.',
    CN: '这些号码本期的限额已满，请减少倍数或选择其他号码。',
  },
  lottery_ticket_not_found: {
    status: 404,
    EN: 'This ticket does not exist.',
    VI: 'Vé cược này không tồn tại.',
    CN: '该注单不存在。',
  },
  lottery_ticket_not_cancellable: {
    status: 409,
    EN: 'This ticket can no longer be cancelled: betting on its draw has closed or it is already settled.',
    VI: 'Không thể hủy vé này nữa: kỳ quay đã khóa cược hoặc vé đã được thanh toán.',
    CN: '该注单已无法撤销：本期已封盘或注单已结算。',
  },
  lottery_result_invalid: {
    status: 400,
    EN: 'The result does not have the prizes and digits of this game.',
    VI: 'Kết quả không đúng số giải và số chữ số của trò chơi này.',
    CN: '开奖结果的奖项或位数与该游戏不符。',
  },
  lottery_result_not_expected: {
    status: 409,
    EN: 'This draw takes no entered result now: it is drawn by the platform, not yet due, or already has its result.',
    VI: 'Kỳ quay này hiện không nhận nhập kết quả: do hệ thống quay, chưa đến giờ hoặc đã có kết quả.',
    CN: '该期现在不接受录入结果：由平台开奖、尚未到开奖时间或已有结果。',
  },
  lottery_result_needs_second_operator: {
    status: 409,
    EN: 'A different operator must confirm the result you entered.',
    VI: 'Kết quả bạn nhập phải do một quản trị viên khác xác nhận.',
    CN: '您录入的结果须由另一位操作员确认。',
  },
  lottery_result_mismatch: {
    status: 409,
    EN: 'The result confirmed differs from the one entered. Check both against the official source.',
    VI: 'Kết quả xác nhận khác với kết quả đã nhập. Hãy đối chiếu cả hai với nguồn chính thức.',
    CN: '确认的结果与录入的不一致，请对照官方来源核对。',
  },
  lottery_feed_unavailable: {
    status: 502,
    EN: 'The results feed could not be read. Check its address and try again.',
    VI: 'Không đọc được nguồn kết quả. Hãy kiểm tra địa chỉ và thử lại.',
    CN: '无法读取开奖结果来源，请检查地址后重试。',
  },
  lottery_draw_not_voidable: {
    status: 409,
    EN: 'This draw already has its result and cannot be voided.',
    VI: 'Kỳ quay này đã có kết quả nên không thể hủy.',
    CN: '该期已有开奖结果，无法作废。',
  },
  vip_level_order: {
    status: 409,
    EN: 'A level needs more growth than the level below it and less than the level above it.',
    VI: 'Cấp độ cần điểm tăng trưởng cao hơn cấp dưới và thấp hơn cấp trên.',
    CN: '等级所需成长值须高于下一级、低于上一级。',
  },
  vip_level_in_use: {
    status: 409,
    EN: 'Only the top level that no member holds can be removed.',
    VI: 'Chỉ có thể xóa cấp cao nhất khi không thành viên nào đang giữ.',
    CN: '只能删除无会员所在的最高等级。',
  },
  vip_reward_not_found: {
    status: 404,
    EN: 'This reward was not found.',
    VI: 'Không tìm thấy phần thưởng này.',
    CN: '未找到该奖励。',
  },
  vip_reward_claimed: {
    status: 409,
    EN: 'This reward has already been claimed.',
    VI: 'Phần thưởng này đã được nhận.',
    CN: '该奖励已领取。',
  },
  rebate_not_found: {
    status: 404,
    EN: 'This rebate was not found.',
    VI: 'Không tìm thấy khoản hoàn trả này.',
    CN: '未找到该返水。',
  },
  rebate_not_claimable: {
    status: 409,
    EN: 'This rebate can no longer be claimed: it was paid, claimed or has expired.',
    VI: 'Khoản hoàn trả này không thể nhận nữa: đã được trả, đã nhận hoặc đã hết hạn.',
    CN: '该返水已无法领取：已发放、已领取或已过期。',
  },
  member_label_taken: {
    status: 409,
    EN: 'A label with this name already exists.',
    VI: 'Đã có nhãn với tên này.',
    CN: '已存在同名标签。',
  },
  member_label_not_found: {
    status: 404,
    EN: 'This label was not found.',
    VI: 'Không tìm thấy nhãn này.',
    CN: '未找到该标签。',
  },
  agent_bill_not_found: {
    status: 404,
    EN: 'This bill does not exist.',
    VI: 'Hóa đơn này không tồn tại.',
    CN: '该账单不存在。',
  },
  agent_bill_state: {
    status: 409,
    EN: 'This bill is no longer in a state that allows this. Reload the list.',
    VI: 'Hóa đơn này không còn ở trạng thái cho phép thao tác này. Hãy tải lại danh sách.',
    CN: '该账单的状态已不允许此操作，请刷新列表。',
  },
  agent_bill_needs_second_operator: {
    status: 409,
    EN: 'A dividend this large needs the approval of a second, different operator.',
    VI: 'Khoản chia lợi nhuận lớn như vậy cần một quản trị viên khác phê duyệt thêm.',
    CN: '金额较大的分红须由另一位操作员再次审批。',
  },
  agent_downline_not_found: {
    status: 404,
    EN: 'There is no such member in your team.',
    VI: 'Không có thành viên này trong đội của bạn.',
    CN: '您的团队中没有该会员。',
  },
  agent_report_range: {
    status: 400,
    EN: 'Choose days within the last 30 days, up to today.',
    VI: 'Hãy chọn ngày trong vòng 30 ngày gần đây, tối đa đến hôm nay.',
    CN: '请选择最近 30 天内、不晚于今天的日期。',
  },
  agent_move_into_own_team: {
    status: 409,
    EN: 'A member cannot move under its own team.',
    VI: 'Không thể chuyển thành viên vào dưới đội của chính mình.',
    CN: '不能将成员移到其自身团队之下。',
  },
  agent_has_contracts: {
    status: 409,
    EN: 'This agent holds or is offered a contract: end it before moving the agent.',
    VI: 'Đại lý này đang có hoặc được đề nghị hợp đồng: hãy kết thúc hợp đồng trước khi chuyển đại lý.',
    CN: '该代理持有或正被提供合约，请先结束合约再转移该代理。',
  },
  agent_has_team: {
    status: 409,
    EN: 'This agent has a team: move its team first.',
    VI: 'Đại lý này đang có đội: hãy chuyển đội của họ trước.',
    CN: '该代理有下级团队，请先转移其团队。',
  },
  contract_tier_rate_invalid: {
    status: 400,
    EN: 'A percentage rate must be above 0 and at most 100 with at most 4 decimals; a fixed rate above 0.',
    VI: 'Tỷ lệ phần trăm phải lớn hơn 0, tối đa 100 và tối đa 4 chữ số thập phân; mức cố định phải lớn hơn 0.',
    CN: '百分比费率须大于0且不超过100，最多4位小数；固定金额须大于0。',
  },
  contract_tiers_not_ascending: {
    status: 400,
    EN: 'Each tier must ask at least as much as the one before (more on one threshold) and pay at least as much.',
    VI: 'Mỗi bậc phải có ngưỡng không thấp hơn bậc trước (cao hơn ở ít nhất một ngưỡng) và tỷ lệ không thấp hơn.',
    CN: '每一档的门槛不得低于上一档（至少一项更高），费率也不得低于上一档。',
  },
  contract_tiers_shape: {
    status: 400,
    EN: 'These tiers do not fit the contract: real-time salary has one tier without thresholds, dividends are percentages, and all tiers use one rate type.',
    VI: 'Các bậc không phù hợp với hợp đồng: lương thời gian thực chỉ có một bậc không ngưỡng, chia cổ tức tính theo phần trăm, mọi bậc dùng cùng một loại tỷ lệ.',
    CN: '档位与契约不符：实时工资只有一档且无门槛，分红按百分比，所有档位须使用同一种费率类型。',
  },
  contract_payer_invalid: {
    status: 400,
    EN: 'Hourly and real-time salaries are paid by the platform.',
    VI: 'Lương theo giờ và lương thời gian thực do nền tảng chi trả.',
    CN: '时工资和实时工资由平台支付。',
  },
  contract_downline_not_found: {
    status: 404,
    EN: 'No such agent among your direct downlines.',
    VI: 'Không có đại lý này trong tuyến dưới trực tiếp của bạn.',
    CN: '您的直属下级中没有该代理。',
  },
  contract_not_found: {
    status: 404,
    EN: 'No such contract.',
    VI: 'Không có hợp đồng này.',
    CN: '没有该契约。',
  },
  contract_offerer_has_none: {
    status: 409,
    EN: 'You hold no active contract of this kind and product to offer from.',
    VI: 'Bạn không có hợp đồng đang hiệu lực cùng loại và sản phẩm để đề nghị.',
    CN: '您没有该类型和产品的有效契约，无法发起。',
  },
  contract_rate_above_upline: {
    status: 409,
    EN: "The offer would pay more than your own contract at some tier: a downline's rate may never exceed its upline's.",
    VI: 'Đề nghị này trả cao hơn hợp đồng của chính bạn ở một bậc: tỷ lệ của tuyến dưới không được vượt tuyến trên.',
    CN: '该契约在某一档高于您自己的契约：下级的费率不得高于上级。',
  },
  contract_products_mixed: {
    status: 409,
    EN: 'For one kind of contract an agent holds either one for all products combined or contracts per product, not both.',
    VI: 'Với mỗi loại hợp đồng, đại lý chỉ có một hợp đồng tổng hợp mọi sản phẩm hoặc các hợp đồng theo từng sản phẩm, không cả hai.',
    CN: '同一类契约，代理只能持有综合（全部产品）契约或按产品的契约，不能两者兼有。',
  },
  contract_answer_invalid: {
    status: 409,
    EN: 'This answer does not apply to the contract as it is now.',
    VI: 'Câu trả lời này không áp dụng cho trạng thái hiện tại của hợp đồng.',
    CN: '该操作不适用于契约的当前状态。',
  },
  contract_termination_pending: {
    status: 409,
    EN: 'A termination of this contract is waiting for the downline’s answer.',
    VI: 'Yêu cầu chấm dứt hợp đồng này đang chờ tuyến dưới trả lời.',
    CN: '该契约的终止请求正在等待下级答复。',
  },
  contract_offer_pending: {
    status: 409,
    EN: 'An offer for this contract is waiting for the downline’s answer.',
    VI: 'Một đề nghị cho hợp đồng này đang chờ tuyến dưới trả lời.',
    CN: '该契约有一份新方案正在等待下级答复。',
  },
  contract_offer_outdated: {
    status: 409,
    EN: 'This offer no longer applies: the upline changed or no longer holds the contract it offered from.',
    VI: 'Đề nghị này không còn hiệu lực: tuyến trên đã thay đổi hoặc không còn hợp đồng dùng để đề nghị.',
    CN: '该方案已失效：上级已变更或不再持有发起时的契约。',
  },
  contract_not_top_level: {
    status: 409,
    EN: 'The platform offers contracts only to top-level agents; others get theirs from their upline.',
    VI: 'Nền tảng chỉ đề nghị hợp đồng cho đại lý cấp cao nhất; các đại lý khác nhận từ tuyến trên.',
    CN: '平台只与顶级代理签约，其他代理由其上级签约。',
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;
export type TranslatedLanguage = 'EN' | 'VI' | 'CN';

/** Per-field validation message keys, filled in with params such as min and max. */
export const FIELD_ERRORS = {
  required: { EN: 'Input cannot be empty', VI: 'Không được để trống', CN: '输入不能为空' },
  too_short: { EN: 'At least {min} characters', VI: 'Ít nhất {min} ký tự', CN: '至少 {min} 个字符' },
  too_long: { EN: 'At most {max} characters', VI: 'Nhiều nhất {max} ký tự', CN: '最多 {max} 个字符' },
  too_small: { EN: 'Must be at least {min}', VI: 'Phải tối thiểu {min}', CN: '不能小于 {min}' },
  too_big: { EN: 'Must be at most {max}', VI: 'Phải tối đa {max}', CN: '不能大于 {max}' },
  invalid_format: { EN: 'Format is not valid', VI: 'Định dạng không hợp lệ', CN: '格式无效' },
  invalid_value: { EN: 'Value is not valid', VI: 'Giá trị không hợp lệ', CN: '值无效' },
  address_not_public: {
    EN: 'This address is on a local or private network, which the server does not fetch from',
    VI: 'Địa chỉ này thuộc mạng nội bộ hoặc riêng, máy chủ không tải dữ liệu từ đó',
    CN: '该地址属于本机或内部网络，服务器不会从中读取',
  },
  taken: { EN: 'This is already taken', VI: 'Giá trị này đã được sử dụng', CN: '该值已被占用' },
  mismatch: { EN: 'Passwords do not match', VI: 'Mật khẩu không khớp', CN: '两次输入的密码不一致' },
  password_common: {
    EN: 'This password is too common',
    VI: 'Mật khẩu này quá phổ biến',
    CN: '该密码过于常见',
  },
  password_weak: {
    EN: 'This password is too easy to guess',
    VI: 'Mật khẩu này quá dễ đoán',
    CN: '该密码太容易被猜到',
  },
  password_same: {
    EN: 'The new password must differ from the current one',
    VI: 'Mật khẩu mới phải khác mật khẩu hiện tại',
    CN: '新密码不能与当前密码相同',
  },
  balance_too_low: {
    EN: "The member's balance is {balance}",
    VI: 'Số dư của thành viên là {balance}',
    CN: '该会员余额为 {balance}',
  },
  must_accept: { EN: 'Please agree to continue', VI: 'Vui lòng đồng ý để tiếp tục', CN: '请勾选同意后继续' },
  real_name: {
    EN: 'Real-name format incorrect: letters without accents, single spaces between words',
    VI: 'Định dạng họ tên không đúng: chữ cái không dấu, một khoảng trắng giữa các từ',
    CN: '真实姓名格式不正确：仅限无重音字母，单词之间用单个空格',
  },
} as const;
export type FieldErrorKey = keyof typeof FIELD_ERRORS;

export function errorMessage(code: ErrorCode, language: string | undefined): string {
  const entry = ERRORS[code];
  return entry[toTranslatedLanguage(language)];
}

export function fieldMessage(
  key: FieldErrorKey,
  language: string | undefined,
  params: Record<string, unknown> = {},
) {
  return FIELD_ERRORS[key][toTranslatedLanguage(language)].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}

/** The locale numbers and money are written in for a request's language ("1,234.50", "1.234,50"). */
export function languageLocale(language: string | undefined): string {
  return { EN: 'en', VI: 'vi', CN: 'zh' }[toTranslatedLanguage(language)];
}

export function toTranslatedLanguage(language: string | undefined): TranslatedLanguage {
  const upper = (language ?? '').toUpperCase();
  if (upper === 'VI') return 'VI';
  if (upper === 'CN' || upper === 'ZH' || upper === 'TW') return 'CN';
  return 'EN';
}
