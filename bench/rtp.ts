/**
 * RTP verification of the house games: simulates ROUNDS rounds per game (or table bet) through the same
 * spin / shoot / playRound / spinWheel code the server uses, each round with its own nonce under a fresh server
 * seed, and prints the measured RTP with its 99% confidence interval (from the sample variance), the exact
 * theoretical RTP, the configured RTP, and rounds per second.
 * Run: npx tsx bench/rtp.ts   [ROUNDS=1000000]
 */
import {
  abs,
  BACCARAT_BET_TYPES,
  type BaccaratBetType,
  baccaratRtp,
  DEFAULT_RTP,
  drawer,
  type FishType,
  fishConfig,
  fromDecimal,
  lessOrEqual,
  newServerSeed,
  playRound,
  type Rational,
  type RouletteBet,
  RTP_TOLERANCE,
  rational,
  rouletteRtp,
  rtpVariant,
  settle,
  settleRoulette,
  shoot,
  shotRtp,
  slotGames,
  spin,
  spinWheel,
  sub,
  theoreticalRtp,
  toDecimal,
  toNumber,
} from '@tessera/house-games';

const ROUNDS = Number(process.env.ROUNDS ?? 1_000_000);
const CLIENT_SEED = 'rtp-bench';
const Z_99 = 2.5758293035489;

/** Running mean and variance (Welford) of the return per unit bet; floats, for printing only. */
class Returns {
  count = 0;
  mean = 0;
  private squares = 0;
  add(value: number) {
    this.count += 1;
    const delta = value - this.mean;
    this.mean += delta / this.count;
    this.squares += delta * (value - this.mean);
  }
  get halfWidth() {
    return Z_99 * Math.sqrt(this.squares / (this.count - 1) / this.count);
  }
}

const percent = (value: number) => `${(value * 100).toFixed(4)}%`;
const rows: string[][] = [];

function report(
  name: string,
  returns: Returns,
  theoretical: Rational,
  configured: Rational,
  seconds: number,
) {
  const low = returns.mean - returns.halfWidth;
  const high = returns.mean + returns.halfWidth;
  const exact = toNumber(theoretical);
  rows.push([
    name,
    returns.count.toLocaleString('en'),
    percent(returns.mean),
    `[${percent(low)}, ${percent(high)}]`,
    `${toDecimal(rational(theoretical.num * 100n, theoretical.den), 8)}%`,
    `${toDecimal(rational(configured.num * 100n, configured.den), 8)}%`,
    lessOrEqual(abs(sub(theoretical, configured)), RTP_TOLERANCE) ? 'yes' : 'NO',
    low <= exact && exact <= high ? 'yes' : 'NO',
    Math.round(returns.count / seconds).toLocaleString('en'),
  ]);
}

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

for (const game of slotGames) {
  const variant = rtpVariant(game, DEFAULT_RTP);
  const serverSeed = newServerSeed();
  const bet = game.betLimits.min;
  const returns = new Returns();
  const seconds = timed(() => {
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      const outcome = spin(game, variant, bet, drawer(serverSeed, CLIENT_SEED, nonce));
      returns.add(Number(outcome.totalWin) / Number(bet));
    }
  });
  report(`slot ${game.id}`, returns, theoreticalRtp(game, variant), fromDecimal(`0.${DEFAULT_RTP}`), seconds);
}

{
  const config = fishConfig('96');
  const serverSeed = newServerSeed();
  const returns = new Returns();
  const seconds = timed(() => {
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      const fish = config.fish[nonce % config.fish.length]?.id as string;
      returns.add(Number(shoot(config, 1n, fish, drawer(serverSeed, CLIENT_SEED, nonce)).win));
    }
  });
  // Every fish has the same exact RTP; shots cycle through the fish.
  report(
    'fish (all fish in turn)',
    returns,
    shotRtp(config, config.fish[0] as FishType),
    fromDecimal(`0.${config.rtp}`),
    seconds,
  );
}

{
  const serverSeed = newServerSeed();
  const stake = 20n;
  const bets = BACCARAT_BET_TYPES.map((type) => ({ type, stake }));
  const returns = new Map<BaccaratBetType, Returns>(BACCARAT_BET_TYPES.map((type) => [type, new Returns()]));
  const seconds = timed(() => {
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      for (const settled of settle(bets, playRound(drawer(serverSeed, CLIENT_SEED, nonce)))) {
        returns.get(settled.type)?.add(Number(settled.payout) / Number(stake));
      }
    }
  });
  const exact = baccaratRtp();
  for (const type of BACCARAT_BET_TYPES) {
    // The configured RTP of a table bet is the rules' exact value.
    report(`baccarat ${type}`, returns.get(type) as Returns, exact[type], exact[type], seconds);
  }
}

{
  const serverSeed = newServerSeed();
  const bets: RouletteBet[] = [
    { type: 'straight', numbers: [17], stake: 1n },
    { type: 'split', numbers: [0, 2], stake: 2n },
    { type: 'street', numbers: [4, 5, 6], stake: 3n },
    { type: 'corner', numbers: [8, 9, 11, 12], stake: 4n },
    { type: 'line', numbers: [31, 32, 33, 34, 35, 36], stake: 6n },
    { type: 'dozen', which: 2, stake: 12n },
    { type: 'column', which: 3, stake: 12n },
    { type: 'red', stake: 18n },
  ];
  const returns = bets.map(() => new Returns());
  const seconds = timed(() => {
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      settleRoulette(bets, spinWheel(drawer(serverSeed, CLIENT_SEED, nonce))).forEach((settled, i) => {
        returns[i]?.add(Number(settled.payout) / Number(settled.stake));
      });
    }
  });
  bets.forEach((bet, i) => {
    report(`roulette ${bet.type}`, returns[i] as Returns, rouletteRtp(bet), rational(36n, 37n), seconds);
  });
}

const header = [
  'game',
  'rounds',
  'measured',
  '99% CI',
  'theoretical',
  'configured',
  'th=conf',
  'th in CI',
  'rounds/s',
];
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => (row[i] as string).length)),
);
for (const row of [header, ...rows]) {
  console.log(
    row
      .map((cell, i) => (i < 1 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  '),
  );
}
