import type { MaintenanceSettings, SiteSettings } from '@tessera/contract';
import type { BannerArt } from '../platform/artwork.ts';

export const SITE_SETTINGS: SiteSettings = {
  siteName: 'Tessera',
  redirectToLoginWithoutToken: false,
  directRegistration: true,
  messageCentre: true,
  messagingAppUrl: 'https://t.me/tessera_support',
  licenceText:
    'Tessera is a demonstration platform. Operating it for real money requires a gambling licence in your jurisdiction.',
  licenceTranslations: {
    VI: 'Tessera là nền tảng trình diễn. Vận hành với tiền thật cần có giấy phép trò chơi có thưởng tại khu vực pháp lý của bạn.',
    CN: 'Tessera 是一个演示平台。以真实货币运营需要取得您所在司法管辖区的博彩牌照。',
  },
  responsibleGamingUrl: '/responsible-gaming',
  liveChatUrl: '',
  vipChatUrl: '',
  supportEmail: 'support@tessera.example',
  gtagId: '',
};

export const MAINTENANCE: MaintenanceSettings = {
  enabled: false,
  title: 'Scheduled maintenance',
  message: 'We are upgrading our systems. Please come back soon.',
  startsAt: null,
  endsAt: null,
};

/** [modId, parent, name, enabled] */
export const MODULE_FLAGS: [string, string | null, string, boolean][] = [
  ['USERNAMEREG3', null, 'Username registration', true],
  ['MOBILENUMREG3', null, 'Mobile registration', true],
  ['REGMOBVERF3', 'MOBILENUMREG3', 'SMS verification at registration', true],
  ['MOBILENUMPASSREG3', 'MOBILENUMREG3', 'Password in mobile registration', true],
  ['FREEPLAY3', null, 'Free demo play', true],
  ['PWDEXPFORCECHANGE3', null, 'Force change of an expired password', true],
  ['MOBILEVERCODELOGIN3', null, 'Verification-code login', true],
  ['CBS3', null, 'Chat', true],
  ['CHNGPASSVERIF3', null, 'Forgot password by phone', true],
  ['COUNTRYCODE3', null, 'Country-code display', true],
  ['FIREBASESMS3', null, 'Third-party SMS authentication', false],
  ['GOOGLELOGIN3', null, 'Google login', false],
  ['FACEBOOKLOGIN3', null, 'Facebook login', false],
];

/** The member centre's and the cashier's flags (§2 member centre menu visibility), [modId, parent, name, enabled]. */
export const WALLET_MODULE_FLAGS: [string, string | null, string, boolean][] = [
  ['DEPOSIT3', null, 'Deposit', true],
  ['WITHDRAW3', null, 'Withdraw', true],
  ['CREDITMARGIN3', null, 'Credit margin (hides deposit and withdraw)', false],
  ['FUNDTRANS3', null, 'Transfers between wallets', true],
  ['TRANSFERUP3', null, 'Transfer to upline', true],
  ['MEMTRANS3', null, 'Account record', true],
  ['REWARDCENTER3', null, 'Reward center', true],
  ['MAILCENTER3', null, 'Inbox', true],
  ['PLAYERREBATE3', null, 'Player rebate', true],
  ['REFERRAL3', null, 'Referral promotion', true],
  ['MISSION3', null, 'Missions', true],
  ['MANUALREBATE3', null, 'Manual rebate', false],
];

/**
 * The agent centre's flags (the original's agent menu: a page shows under its flag, the contract pages also only
 * with a contract of their kind), [modId, parent, name, enabled].
 */
export const AGENT_MODULE_FLAGS: [string, string | null, string, boolean][] = [
  ['AGEINFO3', null, 'Agent team overview', true],
  ['AGENTANNOUNCE3', null, 'Agent announcement', true],
  ['REGCEN', null, 'Agent register centre', true],
  ['AGEREGDOWN3', 'REGCEN', 'Register downline accounts', true],
  ['CREATEAFF3', 'REGCEN', 'Create affiliate links', true],
  ['DOWNMAN', null, 'Team management', true],
  ['AGENTPOLICY3', null, 'Agent contracts', true],
  ['TRANSBETREPMEM3', null, 'Team bet report', true],
  ['TEAMBETTING3', 'TRANSBETREPMEM3', 'Team betting', true],
  ['AGETEAMPNL3', null, 'User loss statements', true],
  ['AGEREV3', null, 'My income', true],
  ['AGEDOWNTRANS3', null, 'Downline account details', true],
  ['AGENTRANSMULTDOWN3', null, 'Red envelope to downlines', true],
  ['DIVIDEND', null, 'Dividend records', true],
  ['SIGNCONDIV3', 'DIVIDEND', 'Sign dividend contracts', true],
  ['DAYSAL', null, 'Daily wages', true],
  ['DAILYSALCONT3', 'DAYSAL', 'Sign daily salary contracts', true],
  ['HOURSAL3', null, 'Hourly salary', true],
  ['RTSALARY3', null, 'Real-time salary', true],
];

/** [key, acceptedPattern, patternId, min, max, enabled, required] */
export const REGISTER_RULES: [string, string, number, number, number, boolean, boolean][] = [
  ['username', '^[A-Za-z][A-Za-z0-9]*$', 1, 6, 16, true, true],
  ['password', '^\\S+$', 9, 8, 64, true, true],
  ['mobileNum', '^\\d+$', 6, 6, 15, true, false],
  ['payeeName', '^[A-Za-z ]+$', 8, 2, 50, false, false],
  ['paymentPassword', '^\\d+$', 6, 6, 6, false, false],
  ['qqNum', '^\\d+$', 6, 5, 12, false, false],
  ['line', '^\\S+$', 9, 1, 40, false, false],
  ['whatsapp', '^\\d+$', 6, 6, 15, false, false],
  ['facebook', '^\\S+$', 9, 1, 60, false, false],
  ['wechat', '^\\S+$', 9, 1, 40, false, false],
  ['idNumber', '^[A-Za-z0-9]+$', 4, 6, 20, false, false],
  ['email', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 3, 5, 100, true, false],
  ['recommenderId', '^[A-Za-z0-9]+$', 4, 1, 20, false, false],
  ['affiliateCode', '^[A-Za-z0-9]+$', 4, 4, 20, true, false],
  ['captcha', '^[A-Za-z0-9]+$', 4, 4, 6, true, true],
];

/** [code, dialing code, name] */
export const COUNTRIES: [string, string, string][] = [
  ['VN', '84', 'Vietnam'],
  ['CN', '86', 'China'],
  ['PH', '63', 'Philippines'],
  ['TH', '66', 'Thailand'],
  ['MY', '60', 'Malaysia'],
  ['ID', '62', 'Indonesia'],
  ['SG', '65', 'Singapore'],
  ['IN', '91', 'India'],
  ['JP', '81', 'Japan'],
  ['KR', '82', 'South Korea'],
  ['KH', '855', 'Cambodia'],
  ['MM', '95', 'Myanmar'],
  ['LA', '856', 'Laos'],
  ['HK', '852', 'Hong Kong'],
  ['TW', '886', 'Taiwan'],
  ['MO', '853', 'Macau'],
  ['PK', '92', 'Pakistan'],
  ['LK', '94', 'Sri Lanka'],
  ['BD', '880', 'Bangladesh'],
  ['NP', '977', 'Nepal'],
  ['AE', '971', 'United Arab Emirates'],
  ['AU', '61', 'Australia'],
  ['GB', '44', 'United Kingdom'],
  ['US', '1', 'United States'],
  ['CA', '1', 'Canada'],
  ['BR', '55', 'Brazil'],
  ['ES', '34', 'Spain'],
  ['PT', '351', 'Portugal'],
  ['DE', '49', 'Germany'],
  ['FR', '33', 'France'],
];

/** [code, name, native name, flag country, fully translated] */
export const LANGUAGES: [string, string, string, string, boolean][] = [
  ['EN', 'English', 'English', 'GB', true],
  ['VI', 'Vietnamese', 'Tiếng Việt', 'VN', true],
  ['CN', 'Chinese', '中文', 'CN', true],
  ['JA', 'Japanese', '日本語', 'JP', false],
  ['TH', 'Thai', 'ไทย', 'TH', false],
  ['MY', 'Burmese', 'မြန်မာ', 'MM', false],
  ['ES', 'Spanish', 'Español', 'ES', false],
  ['HI', 'Hindi', 'हिन्दी', 'IN', false],
  ['ID', 'Indonesian', 'Bahasa Indonesia', 'ID', false],
  ['KM', 'Khmer', 'ភាសាខ្មែរ', 'KH', false],
  ['KO', 'Korean', '한국어', 'KR', false],
  ['MS', 'Malay', 'Bahasa Melayu', 'MY', false],
  ['PT', 'Portuguese', 'Português', 'PT', false],
  ['TA', 'Tamil', 'தமிழ்', 'LK', false],
  ['TW', 'Traditional Chinese', '繁體中文', 'TW', false],
  ['TY', 'Tagalog', 'Tagalog', 'PH', false],
  ['UR', 'Urdu', 'اردو', 'PK', false],
];

const purple = { from: '#1b1140', to: '#4b1d8f', accent: '#f5c542' };
const teal = { from: '#06202b', to: '#0f5e6e', accent: '#3ef0c8' };
const red = { from: '#2b0a12', to: '#8f1d3a', accent: '#ffb347' };
const blue = { from: '#0a1633', to: '#1d4f8f', accent: '#6fd3ff' };
const green = { from: '#07251a', to: '#16704a', accent: '#b8ff5c' };

/**
 * Banners of every group of §2: [group, art, link type, link]. Each promises only what the site does (issue 32 item
 * 6: no bonus, rebate, VIP benefit, points mall or tournament until those exist) and links to the page its PLAY NOW
 * button promises (item 9).
 */
export const BANNERS: [string, BannerArt, '' | 'INTERNAL' | 'EXTERNAL', string][] = [
  [
    'w_home',
    { title: 'Provably fair slots', subtitle: 'Check the seeds behind every spin', ...purple },
    'INTERNAL',
    '/rng',
  ],
  [
    'w_home',
    { title: 'Daily lottery draws', subtitle: 'Fast draws every few minutes, all day', ...teal },
    'INTERNAL',
    '/lottery',
  ],
  [
    'w_home',
    { title: 'Live casino lounge', subtitle: 'European roulette, open around the clock', ...red },
    'INTERNAL',
    '/live',
  ],
  [
    'w_register',
    { title: 'Join Tessera today', subtitle: 'Register in one minute and start playing', ...purple },
    'INTERNAL',
    '/rng',
  ],
  [
    'w_login',
    { title: 'Welcome back', subtitle: 'Your favourite games are waiting', ...blue },
    'INTERNAL',
    '/rng',
  ],
  [
    'w_rng',
    { title: 'Three Tessera slots', subtitle: 'Lucky Sevens, Jade Temple and Nova Gems', ...purple },
    'INTERNAL',
    '/rng',
  ],
  [
    'w_rng',
    {
      title: 'Free spins in Jade Temple',
      subtitle: '243 ways to win, with free spins that retrigger',
      ...blue,
    },
    'INTERNAL',
    '/rng',
  ],
  [
    'w_live',
    { title: 'European roulette', subtitle: 'Single zero: a straight number pays 35 to 1', ...red },
    'INTERNAL',
    '/live',
  ],
  [
    'w_live',
    { title: 'Red or black', subtitle: 'Even-money bets, dozens, columns and more', ...purple },
    'INTERNAL',
    '/live',
  ],
  [
    'w_fish',
    { title: 'Deep Sea Hunt', subtitle: 'Aim for the Golden Whale: up to 300x', ...teal },
    'INTERNAL',
    '/fish',
  ],
  [
    'w_fish',
    { title: 'Fair fishing', subtitle: 'Each fish’s pay and hit chance are published', ...blue },
    'INTERNAL',
    '/fish',
  ],
  [
    'w_pvp',
    { title: 'Baccarat rooms', subtitle: 'Jade, Gold and Dragon: three tables, three limits', ...green },
    'INTERNAL',
    '/pvp',
  ],
  [
    'w_pvp',
    { title: 'Player, Banker or Tie', subtitle: 'Eight decks, standard third-card rules', ...red },
    'INTERNAL',
    '/pvp',
  ],
  [
    'w_sports',
    { title: 'Football and more', subtitle: 'Sports betting with FB Sports', ...green },
    'INTERNAL',
    '/sports',
  ],
  [
    'w_sports',
    { title: 'Easy transfers', subtitle: 'Move money to FB Sports and back in My wallet', ...blue },
    'INTERNAL',
    '/sports',
  ],
  [
    'w_esports',
    { title: 'Football at FB Sports', subtitle: 'Matches and markets from FB Sports', ...purple },
    'INTERNAL',
    '/sports',
  ],
  [
    'w_esports',
    { title: 'A draw every minute', subtitle: 'Fast e-lottery, all day', ...teal },
    'INTERNAL',
    '/elott',
  ],
  [
    'w_lott',
    { title: 'E-lottery every minute', subtitle: 'Pick your numbers, see the draw within a minute', ...teal },
    'INTERNAL',
    '/elott',
  ],
  [
    'w_lott',
    { title: 'Verify every draw', subtitle: 'Check each e-lottery result against its seed', ...green },
    'INTERNAL',
    '/lottery/verify',
  ],
  [
    'w_down',
    { title: 'Play on the go', subtitle: 'Tessera works in your phone’s browser', ...blue },
    'INTERNAL',
    '/down',
  ],
  [
    'w_promotion',
    { title: 'Play fair', subtitle: 'Provably fair house games and verifiable draws', ...purple },
    'INTERNAL',
    '/lottery/verify',
  ],
  [
    'w_promotion',
    { title: 'Become an agent', subtitle: 'Read how our agent programme works, and apply', ...red },
    'INTERNAL',
    '/join',
  ],
  [
    'w_shop',
    { title: 'Try the Tessera games', subtitle: 'Slots, fishing, roulette and baccarat', ...green },
    'INTERNAL',
    '/rng',
  ],
  [
    'w_help',
    { title: 'Help centre', subtitle: 'Answers to your questions, day and night', ...blue },
    'INTERNAL',
    '/help',
  ],
];

/** [language, title, content]; like the banners, they promise only what the site does (issue 32 item 6). */
export const NOTICES: [string, string, string][] = [
  ...Array.from({ length: 10 }, (_, index): [string, string, string] => {
    const topics = [
      [
        'Scheduled maintenance on Sunday',
        'The site will be upgraded on <strong>Sunday from 02:00 to 04:00 UTC</strong>. Balances are safe.',
      ],
      [
        'New lottery games added',
        'Five <em>fast e-lottery</em> games draw every 1, 2, 3 and 5 minutes, all day.',
      ],
      [
        'Two ways to deposit',
        'Pay online and the money is in your balance as soon as the gateway confirms it, or send a bank transfer, which finance confirms once it arrives.',
      ],
      [
        'Responsible gaming reminder',
        'Set deposit, loss and time limits, a reality check or a break yourself at any time on the <a href="/member?page=responsibleGaming">Responsible gaming</a> page of your member centre. Play for fun.',
      ],
      [
        'Verify e-lottery draws',
        'Each e-lottery draw publishes the hash of its seed before betting opens: check any result on the <a href="/lottery/verify">Verify a lottery draw</a> page.',
      ],
      [
        'Beware of phishing sites',
        'Only use the official domains listed in the speed test. We never ask for your password.',
      ],
      ['Baccarat rooms open', 'Three baccarat rooms, Jade, Gold and Dragon, deal around the clock.'],
      ['Light and dark themes', 'Choose the light or the dark theme with the switch in the site’s header.'],
      [
        'Sign in with an SMS code',
        'Add a mobile number in My account to sign in with a code and reset your password by phone.',
      ],
      [
        'Holiday customer service hours',
        'Customer service stays open <strong>24/7</strong> through the holidays.',
      ],
    ];
    const [title, body] = topics[index] as [string, string];
    return ['EN', title, `<p>${body}</p>`];
  }),
  [
    'VI',
    'Bảo trì định kỳ vào Chủ nhật',
    '<p>Trang web sẽ được nâng cấp vào <strong>Chủ nhật từ 02:00 đến 04:00 UTC</strong>.</p>',
  ],
  [
    'VI',
    'Thêm trò chơi xổ số mới',
    '<p>Năm trò <em>xổ số điện tử nhanh</em> quay thưởng mỗi 1, 2, 3 và 5 phút, cả ngày.</p>',
  ],
  [
    'VI',
    'Nhắc nhở chơi có trách nhiệm',
    '<p>Tự đặt giới hạn nạp tiền, thua lỗ, thời gian, nhắc nhở thời gian hoặc tạm nghỉ bất cứ lúc nào tại trang <a href="/member?page=responsibleGaming">Chơi có trách nhiệm</a> trong trung tâm thành viên.</p>',
  ],
  ['CN', '周日例行维护', '<p>网站将于<strong>周日 02:00 至 04:00（UTC）</strong>升级维护。</p>'],
  ['CN', '新增彩票游戏', '<p>五款<em>快速电子彩票</em>，每 1、2、3、5 分钟开奖，全天不停。</p>'],
  [
    'CN',
    '理性游戏提醒',
    '<p>您可随时在会员中心的<a href="/member?page=responsibleGaming">理性游戏</a>页面自行设置存款、亏损和时间限额、现实提醒或暂停游戏，请理性游戏。</p>',
  ],
];

/** [type, audience, title and content per language] */
export const ANNOUNCEMENTS: [string, string, Record<'EN' | 'VI' | 'CN', [string, string]>][] = [
  [
    'B',
    'all',
    {
      EN: ['Welcome to Tessera', '<p>Discover lottery, live casino, slots, sports and more.</p>'],
      VI: [
        'Chào mừng đến với Tessera',
        '<p>Khám phá xổ số, casino trực tuyến, slot, thể thao và nhiều hơn nữa.</p>',
      ],
      CN: ['欢迎来到 Tessera', '<p>探索彩票、真人娱乐场、老虎机、体育等更多精彩。</p>'],
    },
  ],
  [
    'PL',
    'noMobile',
    {
      EN: [
        'Player notice: verify your phone',
        '<p>Add and verify your mobile number in <a href="/member?page=securityCenter">My account</a>: you can then sign in with an SMS code and reset your password by phone.</p>',
      ],
      VI: [
        'Thông báo: xác minh số điện thoại',
        '<p>Hãy thêm và xác minh số điện thoại trong <a href="/member?page=securityCenter">Tài khoản của tôi</a>: bạn sẽ đăng nhập được bằng mã SMS và đặt lại mật khẩu qua điện thoại.</p>',
      ],
      CN: [
        '玩家须知：验证手机号',
        '<p>请在<a href="/member?page=securityCenter">我的账户</a>中绑定并验证手机号码，之后即可使用短信验证码登录，并通过手机重置密码。</p>',
      ],
    },
  ],
  [
    'PU',
    'noDeposit',
    {
      EN: [
        'Your first deposit',
        '<p>Deposit online or by bank transfer from the member centre: an online payment is in your balance as soon as the gateway confirms it.</p>',
      ],
      VI: [
        'Lần nạp tiền đầu tiên',
        '<p>Nạp tiền trực tuyến hoặc chuyển khoản trong trung tâm thành viên: khoản thanh toán trực tuyến vào số dư ngay khi cổng thanh toán xác nhận.</p>',
      ],
      CN: ['首次存款', '<p>在会员中心在线支付或银行转账存款：在线支付经支付网关确认后即刻到账。</p>'],
    },
  ],
  [
    'PR',
    'all',
    {
      EN: ['E-lottery every minute', '<p>Pick your numbers and see the draw within a minute, all day.</p>'],
      VI: ['Xổ số điện tử mỗi phút', '<p>Chọn số và xem kết quả trong vòng một phút, cả ngày.</p>'],
      CN: ['每分钟电子彩票', '<p>选好号码，一分钟内开奖，全天不停。</p>'],
    },
  ],
  [
    'H',
    'all',
    {
      EN: ['Top winners this week', "<p>Congratulations to this week's biggest winners!</p>"],
      VI: ['Người thắng lớn tuần này', '<p>Chúc mừng những người thắng lớn nhất tuần này!</p>'],
      CN: ['本周大赢家', '<p>恭喜本周的大赢家们！</p>'],
    },
  ],
];

/** [language, category, [title, content][]] */
export const HELP: [string, string, [string, string][]][] = [
  [
    'EN',
    'Getting started',
    [
      [
        'How do I register?',
        '<p>Click <strong>Sign up</strong>, choose a username and password, confirm you are 18 or older and accept the terms.</p>',
      ],
      [
        'How do I try games for free?',
        '<p>Use <strong>Free play</strong> to get a demo account with play money.</p>',
      ],
    ],
  ],
  [
    'EN',
    'Deposits and withdrawals',
    [
      [
        'How long does a deposit take?',
        '<p>An online payment is in your balance as soon as the gateway confirms it. A bank transfer is credited once finance sees it arrive; your deposit history shows its status.</p>',
      ],
      [
        'How do I withdraw?',
        '<p>Open the member centre, choose <strong>Withdraw</strong>, enter the amount and your withdrawal password.</p>',
      ],
    ],
  ],
  [
    'EN',
    'Responsible gaming',
    [
      [
        'Setting limits',
        '<p>Set deposit, loss and stake limits, a time limit, a reality check, a time-out or self-exclusion yourself on the <a href="/member?page=responsibleGaming">Responsible gaming</a> page of your member centre. A lower limit applies at once, a higher one after 24 hours. See <a href="/responsible-gaming">Responsible gaming</a>.</p>',
      ],
    ],
  ],
  [
    'VI',
    'Bắt đầu',
    [
      [
        'Làm thế nào để đăng ký?',
        '<p>Nhấn <strong>Đăng ký</strong>, chọn tên đăng nhập và mật khẩu, xác nhận bạn đủ 18 tuổi.</p>',
      ],
    ],
  ],
  [
    'VI',
    'Nạp và rút tiền',
    [
      [
        'Nạp tiền mất bao lâu?',
        '<p>Thanh toán trực tuyến vào số dư ngay khi cổng thanh toán xác nhận. Chuyển khoản được cộng khi bộ phận tài chính thấy tiền về; lịch sử nạp tiền cho thấy trạng thái.</p>',
      ],
    ],
  ],
  [
    'CN',
    '新手入门',
    [['如何注册？', '<p>点击<strong>注册</strong>，设置用户名和密码，确认您已年满 18 岁并同意条款。</p>']],
  ],
  [
    'CN',
    '存款与提款',
    [
      [
        '存款需要多久？',
        '<p>在线支付经支付网关确认后即刻到账；银行转账在财务确认到账后入账，存款记录会显示其状态。</p>',
      ],
    ],
  ],
];

/**
 * [type, title, url]. The demo has no app to install, so it offers only the mobile site (an operator with apps adds
 * them in the console).
 */
export const RESOURCES: [string, string, string][] = [['h5', 'Mobile web', 'https://m.tessera.example']];

export const DOMAINS = [
  'https://www.tessera.example',
  'https://m.tessera.example',
  'https://backup.tessera.example',
];

/** [code, names by language] in header order. */
export const GAME_TYPES: [string, Record<string, string>][] = [
  ['LOTT', { EN: 'Lottery', VI: 'Xổ số', CN: '彩票' }],
  ['ELOTT', { EN: 'E-Lottery', VI: 'Xổ số điện tử', CN: '电子彩票' }],
  ['LIVE', { EN: 'Live casino', VI: 'Casino trực tiếp', CN: '真人娱乐' }],
  ['RNG', { EN: 'Slots', VI: 'Nổ hũ', CN: '电子游艺' }],
  ['FISH', { EN: 'Fishing', VI: 'Bắn cá', CN: '捕鱼' }],
  ['PVP', { EN: 'Card & board', VI: 'Game bài', CN: '棋牌' }],
  ['SPORTS', { EN: 'Sports', VI: 'Thể thao', CN: '体育' }],
  ['ESPORTS', { EN: 'Esports', VI: 'Thể thao điện tử', CN: '电竞' }],
];

/** [game type, vassalage, display name, hot, account type id, icon gradient from, to] */
export const GAME_VENDORS: [string, string, string, boolean, number, string, string][] = [
  ['LOTT', 'LOTT', 'Tessera Lotto', true, 1, '#7c5cff', '#4b1d8f'],
  ['LOTT', 'TCG_LOTTO_VN', 'Vietnam Lottery', true, 2, '#e53935', '#ffb300'],
  ['LOTT', 'TCG_SEA', 'SEA Lottery', false, 3, '#00897b', '#4dd0e1'],
  ['ELOTT', 'ELOTT', 'Tessera E-Lottery', true, 4, '#3949ab', '#29b6f6'],
  ['LIVE', 'HOUSE_LIVE', 'Tessera Live', true, 10, '#b71c1c', '#ff7043'],
  ['RNG', 'HOUSE_SLOTS', 'Tessera Slots', true, 20, '#6a1b9a', '#ec407a'],
  ['FISH', 'HOUSE_FISH', 'Tessera Fishing', false, 30, '#006064', '#26c6da'],
  ['PVP', 'HOUSE_PVP', 'Tessera Cards', false, 40, '#1b5e20', '#9ccc65'],
  ['SPORTS', 'FB', 'FB Sports', true, 50, '#0d47a1', '#42a5f5'],
  ['ESPORTS', 'HOUSE_ESPORTS', 'Tessera Esports', false, 60, '#311b92', '#7c4dff'],
];

/**
 * The house's slots (@tessera/house-games), games of HOUSE_SLOTS served by the provider HOUSE:
 * [slot id (code and game id), names, lines (ways for a ways game), tile gradient from, to].
 */
export const HOUSE_SLOT_GAMES: [string, Record<string, string>, number, string, string][] = [
  ['lucky-sevens', { EN: 'Lucky Sevens', VI: 'Số 7 May Mắn', CN: '幸运七' }, 20, '#c62828', '#ffb300'],
  ['jade-temple', { EN: 'Jade Temple', VI: 'Đền Ngọc Bích', CN: '翡翠神殿' }, 243, '#00695c', '#9ccc65'],
  ['nova-gems', { EN: 'Nova Gems', VI: 'Đá Quý Tân Tinh', CN: '新星宝石' }, 10, '#4527a0', '#26c6da'],
];

/**
 * The house's fish game (@tessera/house-games fishConfig), a game of HOUSE_FISH:
 * [game id (code and game id), names, tile gradient from, to].
 */
export const HOUSE_FISH_GAME: [string, Record<string, string>, string, string] = [
  'deep-sea-hunt',
  { EN: 'Deep Sea Hunt', VI: 'Săn Cá Biển Sâu', CN: '深海猎鱼' },
  '#01579b',
  '#00acc1',
];

/**
 * The house's shared tables: [kind, room (room id and page address), vendor, names, tile gradient from, to,
 * smallest main stake, largest main stake] (minor units). Side bets (tie, pairs; roulette's inside bets) are limited
 * to a tenth of the main stake's maximum.
 */
export const HOUSE_TABLES: [
  'baccarat' | 'roulette',
  string,
  string,
  Record<string, string>,
  string,
  string,
  bigint,
  bigint,
][] = [
  [
    'baccarat',
    'jade',
    'HOUSE_PVP',
    { EN: 'Baccarat Jade Room', VI: 'Baccarat Phòng Ngọc', CN: '百家乐 翡翠厅' },
    '#1b5e20',
    '#9ccc65',
    1_00n,
    500_00n,
  ],
  [
    'baccarat',
    'gold',
    'HOUSE_PVP',
    { EN: 'Baccarat Gold Room', VI: 'Baccarat Phòng Vàng', CN: '百家乐 黄金厅' },
    '#8d6e00',
    '#ffd54f',
    10_00n,
    5_000_00n,
  ],
  [
    'baccarat',
    'dragon',
    'HOUSE_PVP',
    { EN: 'Baccarat Dragon Room', VI: 'Baccarat Phòng Rồng', CN: '百家乐 龙厅' },
    '#b71c1c',
    '#ff8a65',
    100_00n,
    50_000_00n,
  ],
  [
    'roulette',
    'roulette-live',
    'HOUSE_LIVE',
    { EN: 'Live Roulette', VI: 'Roulette Trực Tiếp', CN: '真人轮盘' },
    '#3e2723',
    '#d84315',
    1_00n,
    1_000_00n,
  ],
];

/** Third-party vendors with a wallet of their own (the others play from the main wallet). */
export const TRANSFER_WALLET_VENDORS = ['TCG_LOTTO_VN', 'TCG_SEA', 'FB'];

/** Static avatars a member can choose: [id, name]. Their images are drawn by the accounts area. */
export const AVATARS: [string, string][] = [
  ['a01', 'Dragon'],
  ['a02', 'Tiger'],
  ['a03', 'Phoenix'],
  ['a04', 'Koi'],
  ['a05', 'Lotus'],
  ['a06', 'Comet'],
  ['a07', 'Crown'],
  ['a08', 'Diamond'],
  ['a09', 'Clover'],
  ['a10', 'Star'],
  ['a11', 'Moon'],
  ['a12', 'Sun'],
];

/** VIP levels: [rank, name]; what each asks and gives is VIP_LEVEL_REWARDS. Members start at VIP0. */
export const VIP_LEVELS: [number, string][] = [
  [0, 'VIP0'],
  [1, 'VIP1'],
  [2, 'VIP2'],
  [3, 'VIP3'],
  [4, 'VIP4'],
  [5, 'VIP5'],
];

/**
 * What each VIP level asks and gives (vip_levels, migration 0034), money in minor units: [rank, growth, keep growth per month,
 * level-up bonus, weekly reward, weekly minimum valid bet, monthly reward, monthly minimum valid bet, turnover ×].
 */
export const VIP_LEVEL_REWARDS: [number, number, number, number, number, number, number, number, number][] = [
  [0, 0, 0, 0, 0, 0, 0, 0, 1],
  [1, 1_000, 0, 10_000, 5_000, 500_000, 20_000, 2_000_000, 1],
  [2, 5_000, 500, 50_000, 10_000, 1_000_000, 50_000, 5_000_000, 1],
  [3, 20_000, 2_000, 100_000, 30_000, 3_000_000, 100_000, 10_000_000, 2],
  [4, 50_000, 5_000, 300_000, 50_000, 5_000_000, 300_000, 20_000_000, 2],
  [5, 200_000, 20_000, 1_000_000, 200_000, 20_000_000, 1_000_000, 80_000_000, 3],
];

/** Who may request each kind of agent contract: 0 none, until the agent area defines the other values. */
export const CONTRACT_REQUESTS = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
};

/** Message templates: [code, placeholders, { language: [title, content] }]. */
export const MESSAGE_TEMPLATES: [string, string[], Record<'EN' | 'VI' | 'CN', [string, string]>][] = [
  [
    'DEPOSIT_SUCCESS',
    ['amount', 'currency', 'orderNo'],
    {
      EN: ['Deposit received', 'Your deposit of {amount} {currency} (order {orderNo}) has arrived.'],
      VI: ['Đã nhận tiền nạp', 'Khoản nạp {amount} {currency} (đơn {orderNo}) đã được cộng vào tài khoản.'],
      CN: ['存款已到账', '您的存款 {amount} {currency}（订单 {orderNo}）已到账。'],
    },
  ],
  [
    'DEPOSIT_FAILED',
    ['amount', 'currency', 'orderNo', 'reason'],
    {
      EN: ['Deposit failed', 'Your deposit of {amount} {currency} (order {orderNo}) failed: {reason}.'],
      VI: ['Nạp tiền thất bại', 'Khoản nạp {amount} {currency} (đơn {orderNo}) không thành công: {reason}.'],
      CN: ['存款失败', '您的存款 {amount} {currency}（订单 {orderNo}）失败：{reason}。'],
    },
  ],
  [
    'WITHDRAWAL_APPROVED',
    ['amount', 'currency', 'orderNo'],
    {
      EN: ['Withdrawal approved', 'Your withdrawal of {amount} {currency} (order {orderNo}) was approved.'],
      VI: ['Rút tiền được duyệt', 'Yêu cầu rút {amount} {currency} (đơn {orderNo}) đã được duyệt.'],
      CN: ['提款已批准', '您的提款 {amount} {currency}（订单 {orderNo}）已批准。'],
    },
  ],
  [
    'WITHDRAWAL_REJECTED',
    ['amount', 'currency', 'orderNo', 'reason'],
    {
      EN: [
        'Withdrawal rejected',
        'Your withdrawal of {amount} {currency} (order {orderNo}) was rejected: {reason}. The amount is back in your balance.',
      ],
      VI: [
        'Rút tiền bị từ chối',
        'Yêu cầu rút {amount} {currency} (đơn {orderNo}) bị từ chối: {reason}. Số tiền đã được hoàn lại vào số dư.',
      ],
      CN: ['提款被拒绝', '您的提款 {amount} {currency}（订单 {orderNo}）被拒绝：{reason}。款项已退回余额。'],
    },
  ],
];

/** The demo's payment channels (amounts in minor units of the demo's PHP): a bank account and the sandbox gateway. */
export const DEMO_PAYMENT_CHANNELS: {
  kind: 'bank' | 'gateway';
  name: string;
  minAmount: number;
  maxAmount: number;
  presets: number[];
  instructions: string;
  bankName?: string;
  accountName?: string;
  accountNumber?: string;
  gatewayMerchant?: string;
}[] = [
  {
    kind: 'gateway',
    name: 'Sandbox Pay (online)',
    minAmount: 5_000,
    maxAmount: 2_000_000,
    presets: [10_000, 30_000, 50_000, 100_000],
    instructions: 'Sandbox Pay is a test gateway: no money moves. On its page, choose Pay or Fail.',
    gatewayMerchant: 'tessera-demo',
  },
  {
    kind: 'bank',
    name: 'Bank transfer',
    minAmount: 10_000,
    maxAmount: 5_000_000,
    presets: [50_000, 100_000, 500_000, 1_000_000],
    instructions:
      'Transfer the amount from your own bank account to the account below, then enter the reference your bank gave you. Finance confirms transfers within 30 minutes.',
    bankName: 'Metrobank (demo)',
    accountName: 'Tessera Demo Ltd',
    accountNumber: '0123-4567-8901',
  },
];

/** The demo channels' versions per language (issue 32 §22), by the channel's English name. */
export const PAYMENT_CHANNEL_TRANSLATIONS: Record<
  string,
  Record<'VI' | 'CN', { name: string; instructions: string }>
> = {
  'Sandbox Pay (online)': {
    VI: {
      name: 'Sandbox Pay (trực tuyến)',
      instructions:
        'Sandbox Pay là cổng thử nghiệm: không có tiền thật được chuyển. Trên trang của cổng, chọn Pay hoặc Fail.',
    },
    CN: {
      name: 'Sandbox Pay（在线支付）',
      instructions: 'Sandbox Pay 是测试网关，不会发生真实转账。请在其页面上选择 Pay 或 Fail。',
    },
  },
  'Bank transfer': {
    VI: {
      name: 'Chuyển khoản ngân hàng',
      instructions:
        'Chuyển số tiền từ tài khoản ngân hàng của bạn đến tài khoản bên dưới, rồi nhập mã tham chiếu ngân hàng đã cấp. Bộ phận tài chính xác nhận chuyển khoản trong vòng 30 phút.',
    },
    CN: {
      name: '银行转账',
      instructions:
        '请从您本人的银行账户向下方账户转账，然后填写银行提供的参考号。财务将在30分钟内确认转账。',
    },
  },
};

/** The banners' button, per language. */
export const BANNER_ACTIONS: Record<string, string> = { EN: 'PLAY NOW', VI: 'CHƠI NGAY', CN: '立即游戏' };

/** The seeded banners' versions per language (issue 15), by the English title: [title, subtitle]. */
export const BANNER_TRANSLATIONS: Record<string, Record<'VI' | 'CN', [string, string]>> = {
  'Provably fair slots': {
    VI: ['Nổ hũ minh bạch', 'Kiểm tra hạt giống của mỗi vòng quay'],
    CN: ['可验证公平的老虎机', '每次旋转的种子均可核验'],
  },
  'Daily lottery draws': {
    VI: ['Xổ số mỗi ngày', 'Quay nhanh vài phút một lần, cả ngày'],
    CN: ['每日彩票开奖', '全天候，每隔几分钟极速开奖'],
  },
  'Live casino lounge': {
    VI: ['Sảnh casino trực tiếp', 'Roulette châu Âu, mở cửa suốt ngày đêm'],
    CN: ['真人娱乐大厅', '欧式轮盘，全天候开放'],
  },
  'Join Tessera today': {
    VI: ['Tham gia Tessera ngay', 'Đăng ký trong một phút và bắt đầu chơi'],
    CN: ['立即加入Tessera', '一分钟注册，立即开始游戏'],
  },
  'Welcome back': {
    VI: ['Chào mừng trở lại', 'Trò chơi yêu thích đang chờ bạn'],
    CN: ['欢迎回来', '您喜爱的游戏正在等您'],
  },
  'Three Tessera slots': {
    VI: ['Ba trò nổ hũ Tessera', 'Lucky Sevens, Jade Temple và Nova Gems'],
    CN: ['三款Tessera老虎机', 'Lucky Sevens、Jade Temple 与 Nova Gems'],
  },
  'Free spins in Jade Temple': {
    VI: ['Quay miễn phí ở Jade Temple', '243 cách thắng, vòng quay miễn phí có thể tái kích hoạt'],
    CN: ['Jade Temple 免费旋转', '243种中奖方式，免费旋转可再次触发'],
  },
  'European roulette': {
    VI: ['Roulette châu Âu', 'Một số 0: cược thẳng một số trả 35 lần'],
    CN: ['欧式轮盘', '单零：单号投注赔付35倍'],
  },
  'Red or black': {
    VI: ['Đỏ hay đen', 'Cược ăn đều, tá, cột và nhiều hơn nữa'],
    CN: ['红或黑', '等额投注、打、列等多种玩法'],
  },
  'Deep Sea Hunt': {
    VI: ['Săn Cá Biển Sâu', 'Nhắm Cá Voi Vàng: tới 300 lần'],
    CN: ['深海猎鱼', '瞄准黄金鲸：最高300倍'],
  },
  'Fair fishing': {
    VI: ['Bắn cá minh bạch', 'Mỗi loài cá đều công bố tỷ lệ và xác suất trúng'],
    CN: ['公平捕鱼', '每种鱼的赔率和命中概率均公开'],
  },
  'Baccarat rooms': {
    VI: ['Phòng Baccarat', 'Ngọc, Vàng và Rồng: ba bàn, ba hạn mức'],
    CN: ['百家乐房间', '翡翠、黄金、龙：三张桌，三种限额'],
  },
  'Player, Banker or Tie': {
    VI: ['Con, Cái hay Hòa', 'Tám bộ bài, luật rút lá thứ ba chuẩn'],
    CN: ['闲、庄还是和', '八副牌，标准补牌规则'],
  },
  'Football and more': {
    VI: ['Bóng đá và hơn thế', 'Cá cược thể thao cùng FB Sports'],
    CN: ['足球及更多', 'FB体育，尽享体育投注'],
  },
  'Easy transfers': {
    VI: ['Chuyển tiền dễ dàng', 'Chuyển tiền qua lại với FB Sports trong Ví của tôi'],
    CN: ['轻松转账', '在“我的钱包”中与FB体育互转'],
  },
  'Football at FB Sports': {
    VI: ['Bóng đá tại FB Sports', 'Trận đấu và kèo cược từ FB Sports'],
    CN: ['FB体育足球', 'FB体育的赛事与玩法'],
  },
  'A draw every minute': {
    VI: ['Mỗi phút một kỳ quay', 'Xổ số điện tử nhanh, cả ngày'],
    CN: ['每分钟一期', '极速电子彩票，全天开奖'],
  },
  'E-lottery every minute': {
    VI: ['Xổ số điện tử mỗi phút', 'Chọn số, xem kết quả trong vòng một phút'],
    CN: ['每分钟电子彩票', '选好号码，一分钟内开奖'],
  },
  'Verify every draw': {
    VI: ['Kiểm chứng mọi kỳ quay', 'Đối chiếu mỗi kết quả xổ số điện tử với hạt giống'],
    CN: ['每期均可验证', '用种子核验每期电子彩票结果'],
  },
  'Play on the go': {
    VI: ['Chơi mọi lúc mọi nơi', 'Tessera chạy ngay trên trình duyệt điện thoại'],
    CN: ['随时随地畅玩', 'Tessera 可直接在手机浏览器中使用'],
  },
  'Play fair': {
    VI: ['Chơi công bằng', 'Trò chơi và kỳ quay kiểm chứng được'],
    CN: ['公平游戏', '可验证公平的自营游戏与开奖'],
  },
  'Become an agent': {
    VI: ['Trở thành đại lý', 'Tìm hiểu chương trình đại lý và đăng ký'],
    CN: ['成为代理', '了解代理计划并申请加入'],
  },
  'Try the Tessera games': {
    VI: ['Thử trò chơi của Tessera', 'Nổ hũ, bắn cá, roulette và baccarat'],
    CN: ['体验Tessera自营游戏', '老虎机、捕鱼、轮盘和百家乐'],
  },
  'Help centre': {
    VI: ['Trung tâm trợ giúp', 'Giải đáp thắc mắc cả ngày lẫn đêm'],
    CN: ['帮助中心', '日夜为您解答疑问'],
  },
};

/** The seeded vendors' names in Vietnamese and Chinese (issue 15), by vassalage. */
export const VENDOR_NAMES: Record<string, { VI: string; CN: string }> = {
  LOTT: { VI: 'Xổ số Tessera', CN: 'Tessera彩票' },
  TCG_LOTTO_VN: { VI: 'Xổ số Việt Nam', CN: '越南彩票' },
  TCG_SEA: { VI: 'Xổ số Đông Nam Á', CN: '东南亚彩票' },
  ELOTT: { VI: 'Xổ số điện tử Tessera', CN: 'Tessera电子彩票' },
  HOUSE_LIVE: { VI: 'Casino trực tiếp Tessera', CN: 'Tessera真人' },
  HOUSE_SLOTS: { VI: 'Nổ hũ Tessera', CN: 'Tessera电子' },
  HOUSE_FISH: { VI: 'Bắn cá Tessera', CN: 'Tessera捕鱼' },
  HOUSE_PVP: { VI: 'Game bài Tessera', CN: 'Tessera棋牌' },
  FB: { VI: 'Thể thao FB', CN: 'FB体育' },
  HOUSE_ESPORTS: { VI: 'Thể thao điện tử Tessera', CN: 'Tessera电竞' },
};

/** The demo's promotions (seedPromotions); money in minor units of the seed's currency (PHP, 2 digits). */
export const DEMO_PROMOTIONS: {
  category: string;
  kind: 'deposit' | 'application' | 'daily' | 'fixed';
  versions: { language: string; title: string; content: string; imageId: null }[];
  budget: bigint;
  turnoverMultiple: number;
  productScope?: string;
  percentBp?: number;
  cap?: bigint;
  minDeposit?: bigint;
  depositWhich?: 'first' | 'every';
  amount?: bigint;
  maxStake?: bigint;
  newWithinDays?: number;
}[] = [
  {
    category: 'DEPOSIT',
    kind: 'deposit',
    versions: [
      {
        language: 'EN',
        title: '50% first deposit bonus',
        content:
          '<p>Make your first deposit of <b>100.00</b> or more and get <b>50%</b> of it as a bonus, up to <b>300.00</b>.</p><p>Wager the bonus 10× on slots before withdrawing; bets of up to 50.00 count while you do.</p>',
        imageId: null,
      },
      {
        language: 'VI',
        title: 'Thưởng 50% lần nạp đầu',
        content:
          '<p>Nạp lần đầu từ <b>100.00</b> để nhận <b>50%</b> tiền thưởng, tối đa <b>300.00</b>.</p><p>Cược tiền thưởng 10 lần ở trò slot trước khi rút; mỗi cược tối đa 50.00.</p>',
        imageId: null,
      },
      {
        language: 'CN',
        title: '首存 50% 红利',
        content:
          '<p>首次存款 <b>100.00</b> 以上即可获得 <b>50%</b> 红利，最高 <b>300.00</b>。</p><p>提款前需在老虎机完成红利 10 倍流水，期间单注上限 50.00。</p>',
        imageId: null,
      },
    ],
    budget: 10_000_000n,
    turnoverMultiple: 10,
    productScope: 'RNG',
    percentBp: 5_000,
    cap: 30_000n,
    minDeposit: 10_000n,
    depositWhich: 'first',
    maxStake: 5_000n,
  },
  {
    category: 'DAILY',
    kind: 'daily',
    versions: [
      {
        language: 'EN',
        title: 'Daily check-in',
        content: '<p>Log in and claim <b>5.00</b> every day.</p>',
        imageId: null,
      },
      {
        language: 'VI',
        title: 'Điểm danh hằng ngày',
        content: '<p>Đăng nhập và nhận <b>5.00</b> mỗi ngày.</p>',
        imageId: null,
      },
      { language: 'CN', title: '每日签到', content: '<p>每天登录即可领取 <b>5.00</b>。</p>', imageId: null },
    ],
    budget: 1_000_000n,
    turnoverMultiple: 1,
    amount: 500n,
  },
  {
    category: 'EVENT',
    kind: 'application',
    versions: [
      {
        language: 'EN',
        title: 'Share your big win',
        content:
          '<p>Won big? Send us a screenshot of the win and a short note: our team rewards the best ones.</p>',
        imageId: null,
      },
      {
        language: 'VI',
        title: 'Chia sẻ chiến thắng lớn',
        content:
          '<p>Thắng lớn? Gửi ảnh chụp màn hình và vài dòng ghi chú: đội ngũ sẽ thưởng cho những chia sẻ hay nhất.</p>',
        imageId: null,
      },
      {
        language: 'CN',
        title: '分享您的大奖',
        content: '<p>赢得大奖？发送截图和简短留言，我们将奖励最精彩的分享。</p>',
        imageId: null,
      },
    ],
    budget: 5_000_000n,
    turnoverMultiple: 3,
  },
  {
    category: 'NEW',
    kind: 'fixed',
    versions: [
      {
        language: 'EN',
        title: 'Welcome bonus',
        content: '<p>New here? Claim <b>20.00</b> in your first 30 days.</p>',
        imageId: null,
      },
      {
        language: 'VI',
        title: 'Thưởng chào mừng',
        content: '<p>Thành viên mới? Nhận <b>20.00</b> trong 30 ngày đầu.</p>',
        imageId: null,
      },
      {
        language: 'CN',
        title: '新人红利',
        content: '<p>新会员在注册 30 天内可领取 <b>20.00</b>。</p>',
        imageId: null,
      },
    ],
    budget: 2_000_000n,
    turnoverMultiple: 5,
    amount: 2_000n,
    newWithinDays: 30,
  },
];

/** The message telling a member an operator edited their profile (a section of its own for seeded databases). */
export const PROFILE_MESSAGES: typeof MESSAGE_TEMPLATES = [
  [
    'PROFILE_CHANGED',
    ['fields'],
    {
      EN: [
        'Your profile was updated',
        'Our team updated your {fields}. If you did not ask for this, contact support.',
      ],
      VI: [
        'Hồ sơ của bạn đã được cập nhật',
        'Đội ngũ của chúng tôi đã cập nhật {fields} của bạn. Nếu bạn không yêu cầu, hãy liên hệ hỗ trợ.',
      ],
      CN: ['您的资料已更新', '我们的团队更新了您的{fields}。如非您本人要求，请联系客服。'],
    },
  ],
];
