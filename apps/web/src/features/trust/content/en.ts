import type { TrustContent } from '../document.ts';
import { HELP_LINKS_PAGE, HELP_ORGANISATIONS as ORG, RESPONSIBLE_GAMING_PAGE } from './help-organisations.ts';

export const en: TrustContent = {
  terms: {
    title: 'Terms and conditions',
    intro:
      'These terms apply to everyone who opens an account or plays on this site. By registering you confirm that you have read and accept them.',
    updated: 'Last updated: 23 November 2026',
    sections: [
      {
        heading: '1. Who may play',
        paragraphs: [
          'You must be at least 18 years old, or older where the law of your country says so, and gambling must be legal where you are.',
          'Each person may hold one account. Accounts are personal and may not be shared, sold or transferred.',
        ],
      },
      {
        heading: '2. Your account',
        list: [
          'Give true, complete details when you register and keep them up to date.',
          'Keep your password secret; you are responsible for what happens under your account.',
          'We may ask for proof of identity, age and address before a withdrawal, and hold a withdrawal until we have it.',
        ],
      },
      {
        heading: '3. Deposits and withdrawals',
        list: [
          'Deposit only with payment methods in your own name.',
          'Withdrawals are paid to an account in your name after review; the time each method takes is shown when you ask for it.',
          'Money is held in the currency of your account. We never lend you money to play.',
        ],
      },
      {
        heading: '4. Bets and games',
        paragraphs: [
          'A bet stands once it is confirmed. Results are decided by the game or the official draw; our house games publish their fairness procedure so that every round can be checked.',
          'If a game fails, the round in play is completed or cancelled and the stake returned; it is never lost.',
        ],
      },
      {
        heading: '5. Bonuses and promotions',
        paragraphs: [
          'Each promotion has its own rules, shown with it. Bonuses obtained by several accounts, by collusion or by abuse of a fault may be cancelled.',
        ],
      },
      {
        heading: '6. Closing an account',
        paragraphs: [
          'You may close your account at any time through customer service; the balance is paid out once any review is complete. We may close or suspend an account that breaks these terms, and we tell you why unless the law forbids it.',
        ],
      },
      {
        heading: '7. Changes',
        paragraphs: [
          'We may change these terms; the date above shows the latest version. Changes that affect you are announced on the site before they apply.',
        ],
      },
    ],
  },
  responsibleGaming: {
    title: 'Responsible gaming',
    intro:
      'Gaming should be entertainment, never a way to make money or to escape problems. These are the limits that protect you and the tools you can use at any time.',
    updated: 'Last updated: 27 November 2026',
    sections: [
      {
        heading: 'Over 18 only',
        paragraphs: [
          'No one under 18 may open an account or play. We check the age of players, and we close any account opened by a minor and return its deposits. If children use your device, keep your password private and use parental controls.',
        ],
      },
      {
        heading: 'Keep gaming in check',
        list: [
          'Decide before you play how much money and time you will spend, and stop when you reach it.',
          'Only play with money you can afford to lose; never chase losses.',
          'Take regular breaks, and do not play when upset, tired or under the influence of alcohol.',
          'Keep track of your play: the betting record and the profit and loss page in your member centre show every round.',
        ],
      },
      {
        heading: 'Limits, reality checks and breaks',
        paragraphs: [
          'Set them yourself at any time on the Responsible gaming page of your member centre. The site applies them to every deposit and every bet, in every game:',
        ],
        list: [
          'Deposit limits per 24 hours, 7 days and month. A deposit over a limit is refused, with the time it is possible again.',
          "Loss limits (stakes minus winnings) and stake limits for the same periods, checked on every bet: our own games, the lottery and our providers' games.",
          'A time limit per session or per day: once it is reached no new round starts (a round already open may finish).',
          'Lowering a limit applies at once; raising or removing one waits 24 hours and then needs your confirmation.',
          'A reality check every 15, 30, 45 or 60 minutes: play pauses to show how long you have played and your net result, and you choose to continue, stop or read your history.',
          'A time-out of 24 hours to 6 weeks, or self-exclusion for 6 months, 1 year or 5 years. Both start at once and cannot be ended early, not even by our staff. Meanwhile you can sign in only to withdraw and read your history: no bets, deposits, promotions or marketing messages.',
          'A new account with the phone number, e-mail, payment account or device of a self-excluded member is refused. When a self-exclusion ends nothing reopens until you ask, and then only a day later.',
        ],
        links: [
          {
            label: 'Responsible gaming in your member centre',
            href: RESPONSIBLE_GAMING_PAGE,
            note: 'Every control, its state and any change waiting.',
          },
          {
            label: 'Help links',
            href: HELP_LINKS_PAGE,
            note: 'Organisations that give free, confidential help, a click away while you play.',
          },
        ],
      },
      {
        heading: 'Signs of a problem',
        list: [
          'Spending more money or time than you planned, or hiding how much you play.',
          'Borrowing money or selling things to play, or playing to win back losses.',
          'Feeling anxious or irritable when you are not playing.',
        ],
      },
      {
        heading: 'Where to find help',
        paragraphs: ['These organisations give free, confidential help:'],
        links: [
          {
            label: 'Gambling Therapy',
            href: ORG.gamblingTherapy,
            note: 'Online support in many languages, worldwide.',
          },
          {
            label: 'Gamblers Anonymous',
            href: ORG.gamblersAnonymous,
            note: 'Meetings and help groups worldwide.',
          },
          { label: 'GamCare', href: ORG.gamCare, note: 'Advice, chat and counselling.' },
          {
            label: 'BeGambleAware',
            href: ORG.beGambleAware,
            note: 'Information and tools to check your gambling.',
          },
        ],
      },
    ],
  },
};
