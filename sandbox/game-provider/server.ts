import {
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  type KeyPairKeyObjectResult,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { json } from '../http.ts';
import { GAMES, matches, moreSlots, type SimGame, VENDORS, vendorOf } from './catalogue.ts';
import { GAME_CSS, GAME_JS, gamePage } from './page.ts';
import { tileSvg } from './tiles.ts';

/**
 * A simulated game aggregator in the style of Hub88, so that the whole launch-to-settlement path can be tried and
 * tested without a real one. It speaks:
 *
 *   POST /operator/generic/v2/game/url          signed by the operator → {url} of a playable page (/play/<id>)
 *   POST /operator/generic/v2/game/list         signed → the games (names per language, tile, ids, min bet …)
 *   POST /operator/generic/v2/vendor/list       signed → its vendors, their wallet mode and jackpots
 *   POST /operator/generic/v2/sports/matches    signed → upcoming matches with odds
 *   POST /operator/generic/v2/transfer_wallet/{deposit,withdraw,status}   signed, for the transfer-mode vendor (FB)
 *
 * and calls the operator's seamless wallet (user/balance, transaction/bet, win, rollback) with X-Hub88-Signature
 * under its own key pair, made fresh at each start. Amounts are integers in 1/100000 of the currency unit.
 *
 * Onboarding and test controls (loopback callers only):
 *
 *   POST /sandbox/operators       {operator_id, public_key, wallet_url} → {public_key}: the key exchange
 *   POST /control/round           {session, stake, outcome?, scenario?} plays a round through the wallet with a
 *                                 scenario: normal, duplicate (every call delivered twice), win_before_bet, rollback,
 *                                 timeout_after_commit (the first answer is dropped and the call sent again),
 *                                 abandoned (the bet only: its win never comes, the round stays open)
 *   POST /control/wallet          {operator_id, path, body} sends one signed wallet call and answers what came back
 *   POST /control/transfer-fault  {deposit: 'hang_up' | 'refuse' | null}: the next deposit is applied and its
 *                                 answer never sent (the connection is cut), or is refused
 *   POST /control/drop-answers    {path, count}: the answers of the next `count` wallet calls to the path (e.g.
 *                                 /transaction/win) are treated as lost, as if they came too late
 *
 * Like Hub88, it sends a win or a rollback again, with the same transaction id, until the wallet acknowledges it
 * (any answer but RS_ERROR_UNKNOWN, a 5xx or none), after each pause of its retry schedule; a round whose win is
 * still unacknowledged after the last stays open at the operator.
 *   GET  /control/transfers       every transfer and balance
 */

export interface GameProviderOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  host?: string;
  /** The address players' browsers reach the simulator at (default http://host:port). */
  publicUrl?: string;
  /** How long a wallet call may take (default 10 s). */
  walletTimeoutMs?: number;
  /**
   * The pauses (ms) before each new delivery of an unacknowledged win or rollback (default: 1 s growing to 5 min,
   * about 30 min in all). Tests pass short ones.
   */
  retryDelaysMs?: number[];
  /** More slots than the catalogue's (moreSlots), for a lobby with more tiles (default none). */
  extraSlots?: number;
  log?: (line: string) => void;
}

interface Operator {
  operatorId: string;
  publicKey: KeyObject;
  walletUrl: string;
}

interface Session {
  id: string;
  operatorId: string;
  user: string | null;
  token: string | null;
  game: SimGame;
  currency: string;
  lobbyUrl: string;
  demo: boolean;
  /** The language the operator asked for (Hub88's lang). */
  lang: string;
  /** Play money of a demo session, in 1/100000 units. */
  demoBalance: number;
}

interface WalletExchange {
  path: string;
  request: Record<string, unknown>;
  status: number;
  answer: Record<string, unknown> | null;
  /** The simulator acted as if this answer never arrived. */
  dropped?: boolean;
}

interface Transfer {
  operatorId: string;
  user: string;
  kind: 'deposit' | 'withdraw';
  amount: number;
  transactionUuid: string;
}

type Scenario = 'normal' | 'duplicate' | 'win_before_bet' | 'rollback' | 'timeout_after_commit' | 'abandoned';

export interface GameProviderSandbox {
  url: string;
  port: number;
  /** The simulator's public key (PEM), which verifies its wallet calls. */
  publicKey: string;
  /** Plays a round of a session through the operator's wallet (also POST /control/round). */
  round(input: {
    session: string;
    stake: number;
    outcome?: 'win' | 'lose';
    scenario?: Scenario;
  }): Promise<WalletExchange[]>;
  /** Sends one signed wallet call (also POST /control/wallet). */
  walletCall(operatorId: string, path: string, body: Record<string, unknown>): Promise<WalletExchange>;
  /** The answers of the next `count` wallet calls to `path` are treated as lost (also POST /control/drop-answers). */
  dropAnswers(path: string, count: number): void;
  /** Every new delivery of a win or rollback whose answer had not come, oldest first. */
  redeliveries(): WalletExchange[];
  /** Resolves once no win or rollback is waiting to be delivered again. */
  redelivered(): Promise<void>;
  /** The next deposit: applied with its answer cut off, or refused (also POST /control/transfer-fault). */
  setDepositFault(fault: 'hang_up' | 'refuse' | null): void;
  transfers(): Transfer[];
  /** A user's balance in the transfer wallet, 1/100000 units. */
  transferBalance(operatorId: string, user: string): number;
  /** Sets a user's balance in the transfer wallet, as play on the game page would (1/100000 units). */
  setTransferBalance(operatorId: string, user: string, balance: number): void;
  /** The sessions opened by game/url, newest last. */
  sessions(): {
    id: string;
    user: string | null;
    token: string | null;
    game: string;
    demo: boolean;
    lang: string;
  }[];
  close(): Promise<void>;
}

const UNIT = 100_000;
const HUB88_HEADER = 'x-hub88-signature';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const major = (units: number) => (units / UNIT).toFixed(2);

/** Hub88's pauses between deliveries of a win or rollback: growing, at most 5 minutes, about 30 minutes in all. */
const DEFAULT_RETRY_DELAYS_MS = [
  1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000, 300_000, 300_000, 300_000, 300_000,
];

/**
 * The simulator's signing key pair: made once per process and shared by the simulators it starts (each test file
 * starts several; an RSA key of 2,048 bits took 0.1–0.5 s of CPU to make here). Each operator still checks its
 * simulator's signatures with the public key that simulator announces.
 */
let keyPair: KeyPairKeyObjectResult | null = null;
function sandboxKeys(): KeyPairKeyObjectResult {
  keyPair ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return keyPair;
}

/** Whether the wallet acknowledged a call: a definite answer (RS_OK or a refusal other than RS_ERROR_UNKNOWN). */
const acknowledged = (exchange: WalletExchange) =>
  !exchange.dropped &&
  exchange.status >= 200 &&
  exchange.status < 500 &&
  typeof exchange.answer?.status === 'string' &&
  exchange.answer.status !== 'RS_ERROR_UNKNOWN';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) reject(new HttpError(413, 'too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {}
  throw new HttpError(400, 'the body is not a JSON object');
}

export async function startGameProvider(options: GameProviderOptions = {}): Promise<GameProviderSandbox> {
  const log = options.log ?? (() => {});
  const games = [...GAMES, ...moreSlots(options.extraSlots ?? 0)];
  const keys = sandboxKeys();
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const operators = new Map<string, Operator>();
  const sessions = new Map<string, Session>();
  const transferBalances = new Map<string, number>();
  const transfers = new Map<string, Transfer>();
  let depositFault: 'hang_up' | 'refuse' | null = null;
  const walletTimeoutMs = options.walletTimeoutMs ?? 10_000;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const answersToDrop = new Map<string, number>();
  const redeliveries: WalletExchange[] = [];
  const redelivering = new Set<Promise<void>>();
  let closing = false;
  let publicUrl = '';

  const signed = (body: string) => sign('sha256', Buffer.from(body), keys.privateKey).toString('base64');

  /** The operator of a signed request, or 401. */
  function signedBy(
    raw: string,
    request: IncomingMessage,
  ): { operator: Operator; body: Record<string, unknown> } {
    const body = parseJson(raw);
    const operator = operators.get(String(body.operator_id ?? ''));
    const signature = request.headers[HUB88_HEADER];
    if (!operator || typeof signature !== 'string')
      throw new HttpError(401, 'unknown operator or no signature');
    const valid = verify('sha256', Buffer.from(raw), operator.publicKey, Buffer.from(signature, 'base64'));
    if (!valid) throw new HttpError(401, 'invalid signature');
    return { operator, body };
  }

  async function walletCall(
    operatorId: string,
    path: string,
    body: Record<string, unknown>,
  ): Promise<WalletExchange> {
    const operator = operators.get(operatorId);
    if (!operator) throw new HttpError(404, `no operator ${operatorId}`);
    const text = JSON.stringify(body);
    try {
      const response = await fetch(`${operator.walletUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HUB88_HEADER]: signed(text) },
        body: text,
        signal: AbortSignal.timeout(walletTimeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      return { path, request: body, status: response.status, answer };
    } catch (error) {
      log(`wallet call ${path} failed: ${(error as Error).message}`);
      return { path, request: body, status: 0, answer: null };
    }
  }

  /** A wallet call of a round; its answer is treated as lost while drops for its path are pending. */
  async function deliver(operatorId: string, path: string, body: Record<string, unknown>) {
    const exchange = await walletCall(operatorId, path, body);
    const drops = answersToDrop.get(path) ?? 0;
    if (drops > 0) {
      answersToDrop.set(path, drops - 1);
      exchange.dropped = true;
    }
    return exchange;
  }

  /**
   * Sends a win or rollback again, with the same transaction id (a new request id), after each pause of the retry
   * schedule until the wallet acknowledges it.
   */
  function redeliver(operatorId: string, path: string, body: Record<string, unknown>) {
    const run = (async () => {
      for (const delay of retryDelaysMs) {
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        if (closing) return;
        const exchange = await deliver(operatorId, path, { ...body, request_uuid: randomUUID() });
        redeliveries.push(exchange);
        if (acknowledged(exchange)) return;
      }
      log(`${path} ${String(body.transaction_uuid)} was never acknowledged; the round stays open`);
    })();
    redelivering.add(run);
    void run.finally(() => redelivering.delete(run));
  }

  function sessionOf(id: string): Session {
    const session = sessions.get(id);
    if (!session) throw new HttpError(404, 'no such session');
    return session;
  }

  const transferKey = (operatorId: string, user: string) => `${operatorId}:${user}`;
  const isTransfer = (session: Session) => vendorOf(session.game).wallet === 'transfer';

  /** What the page shows: the balance from the operator's wallet (seamless), the transfer wallet, or play money. */
  async function balanceOf(session: Session): Promise<number | null> {
    if (session.demo || !session.user) return session.demoBalance;
    if (isTransfer(session)) return transferBalances.get(transferKey(session.operatorId, session.user)) ?? 0;
    const exchange = await walletCall(session.operatorId, '/user/balance', {
      user: session.user,
      token: session.token,
      request_uuid: randomUUID(),
      game_code: session.game.code,
    });
    return exchange.answer?.status === 'RS_OK' ? Number(exchange.answer.balance) : null;
  }

  const winOf = (game: SimGame, stake: number, outcome: 'win' | 'lose') => {
    if (outcome === 'lose') return 0;
    const pays = game.odds.pays;
    return Math.round(stake * (pays[Math.floor(Math.random() * pays.length)] ?? 1));
  };

  /** One round through the seamless wallet, with the scenario's misbehaviour. */
  async function round(input: {
    session: string;
    stake: number;
    outcome?: 'win' | 'lose';
    scenario?: Scenario;
  }): Promise<WalletExchange[]> {
    const session = sessionOf(input.session);
    if (!session.user || !session.token) throw new HttpError(409, 'a demo session plays no money');
    const outcome = input.outcome ?? (Math.random() < session.game.odds.chance ? 'win' : 'lose');
    const scenario = input.scenario ?? 'normal';
    const roundId = randomUUID();
    const betUuid = randomUUID();
    const common = {
      user: session.user,
      token: session.token,
      round: roundId,
      game_code: session.game.code,
      currency: session.currency,
      supplier_user: `sim-${session.user}`,
      is_free: false,
    };
    const betBody = () => ({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: betUuid,
      supplier_transaction_id: `S-${betUuid}`,
      round_closed: false,
      amount: input.stake,
      bet: 'main',
    });
    const winBody = () => ({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: `${betUuid}-win`,
      supplier_transaction_id: `S-${betUuid}-win`,
      reference_transaction_uuid: betUuid,
      round_closed: true,
      amount: winOf(session.game, input.stake, outcome),
    });
    const exchanges: WalletExchange[] = [];
    const send = async (path: string, body: Record<string, unknown>) => {
      const exchange = await deliver(session.operatorId, path, body);
      exchanges.push(exchange);
      // A win or rollback is the provider's debt to the player: it is sent until acknowledged.
      if ((path === '/transaction/win' || path === '/transaction/rollback') && !acknowledged(exchange))
        redeliver(session.operatorId, path, body);
      return exchange;
    };
    const win = winBody();
    switch (scenario) {
      case 'normal':
        if ((await send('/transaction/bet', betBody())).answer?.status === 'RS_OK')
          await send('/transaction/win', win);
        break;
      case 'duplicate': {
        const bet = betBody();
        await send('/transaction/bet', bet);
        await send('/transaction/bet', bet);
        await send('/transaction/win', win);
        await send('/transaction/win', win);
        break;
      }
      case 'win_before_bet':
        await send('/transaction/win', win);
        await send('/transaction/bet', betBody());
        await send('/transaction/win', { ...win, request_uuid: randomUUID() });
        break;
      case 'rollback':
        await send('/transaction/bet', betBody());
        await send('/transaction/rollback', {
          ...common,
          request_uuid: randomUUID(),
          transaction_uuid: `${betUuid}-rollback`,
          reference_transaction_uuid: betUuid,
          round_closed: true,
        });
        break;
      case 'abandoned':
        await send('/transaction/bet', betBody());
        break;
      case 'timeout_after_commit': {
        const first = await send('/transaction/bet', betBody());
        first.dropped = true;
        await send('/transaction/bet', betBody());
        await send('/transaction/win', win);
        break;
      }
    }
    return exchanges;
  }

  /** A round played from the game page. */
  async function spin(session: Session, stakeText: unknown) {
    const stake = Math.round(Number(stakeText) * UNIT);
    if (!Number.isSafeInteger(stake) || stake <= 0) throw new HttpError(400, 'invalid stake');
    const outcome = Math.random() < session.game.odds.chance ? 'win' : 'lose';
    const win = winOf(session.game, stake, outcome);
    const symbols = outcome === 'win' ? ['7', '7', '7'] : ['7', '★', '♦'];
    if (session.demo || !session.user) {
      if (session.demoBalance < stake) return { error: 'Not enough play money.' };
      session.demoBalance += win - stake;
    } else if (isTransfer(session)) {
      const key = transferKey(session.operatorId, session.user);
      const balance = transferBalances.get(key) ?? 0;
      if (balance < stake) return { error: 'Not enough money in this wallet: transfer some in first.' };
      transferBalances.set(key, balance - stake + win);
    } else {
      const exchanges = await round({ session: session.id, stake, outcome: win > 0 ? 'win' : 'lose' });
      const bet = exchanges[0]?.answer;
      if (bet?.status !== 'RS_OK') {
        return {
          error:
            bet?.status === 'RS_ERROR_NOT_ENOUGH_MONEY'
              ? 'Not enough balance.'
              : `Refused: ${bet?.status ?? 'no answer'}`,
          ...(bet?.balance !== undefined
            ? { balance: major(Number(bet.balance)), currency: session.currency }
            : {}),
        };
      }
      const paid = exchanges[1]?.answer;
      const balance = Number(paid?.balance ?? bet.balance);
      return {
        symbols,
        win: major(Number(exchanges[1]?.request.amount ?? 0)),
        balance: major(balance),
        currency: session.currency,
      };
    }
    const balance = await balanceOf(session);
    return {
      symbols,
      win: major(win),
      balance: balance === null ? '—' : major(balance),
      currency: session.currency,
    };
  }

  function gameList(origin: string) {
    return games.map((game) => {
      const vendor = vendorOf(game);
      return {
        game_code: game.code,
        name: game.names.EN,
        names: game.names,
        product: vendor.code,
        product_name: vendor.name,
        category: vendor.gameType,
        classify: game.classify,
        wallet: vendor.wallet,
        game_id: game.gameId,
        room_id: game.roomId,
        min_bet: game.minBet * UNIT,
        lines: game.lines,
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        demo_game_support: game.demo,
        enabled: true,
        url_thumb: `${origin}/assets/tiles/${game.code}.svg`,
      };
    });
  }

  function vendorList(now: Date) {
    const hours = Math.floor(now.getTime() / 3_600_000) % 1000;
    return VENDORS.map((vendor) => ({
      code: vendor.code,
      name: vendor.name,
      game_type: vendor.gameType,
      wallet: vendor.wallet,
      jackpot: vendor.jackpot === 0 ? null : (vendor.jackpot + hours * 37) * UNIT,
    }));
  }

  function transfer(
    operator: Operator,
    kind: 'deposit' | 'withdraw',
    body: Record<string, unknown>,
    response: ServerResponse,
  ) {
    const user = String(body.user ?? '');
    const uuid = String(body.transaction_uuid ?? '');
    const amount = Number(body.amount);
    if (!user || !uuid || !Number.isSafeInteger(amount) || amount <= 0)
      throw new HttpError(400, 'invalid transfer');
    const key = transferKey(operator.operatorId, user);
    const seen = transfers.get(uuid);
    if (seen) {
      if (seen.kind !== kind || seen.amount !== amount || seen.user !== user)
        throw new HttpError(409, 'duplicate transaction');
      return json(response, 200, {
        status: 'RS_OK',
        transaction_uuid: uuid,
        balance: transferBalances.get(key) ?? 0,
      });
    }
    if (kind === 'deposit' && depositFault === 'refuse') {
      depositFault = null;
      throw new HttpError(422, 'deposit refused');
    }
    const balance = transferBalances.get(key) ?? 0;
    if (kind === 'withdraw' && balance < amount) throw new HttpError(422, 'insufficient funds');
    transferBalances.set(key, balance + (kind === 'deposit' ? amount : -amount));
    transfers.set(uuid, { operatorId: operator.operatorId, user, kind, amount, transactionUuid: uuid });
    if (kind === 'deposit' && depositFault === 'hang_up') {
      depositFault = null;
      log(`deposit ${uuid} applied; its answer is cut off`);
      response.socket?.destroy();
      return;
    }
    json(response, 200, { status: 'RS_OK', transaction_uuid: uuid, balance: transferBalances.get(key) });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const loopback = LOOPBACK.has(request.socket.remoteAddress ?? '');
    const now = new Date();
    if (request.method === 'GET') {
      const tile = /^\/assets\/tiles\/([a-z0-9_]+)\.svg$/.exec(path);
      if (tile) {
        const game = games.find((candidate) => candidate.code === tile[1]);
        if (!game) throw new HttpError(404, 'no such tile');
        response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
        return response.end(tileSvg(game, vendorOf(game)));
      }
      if (path === '/static/game.js' || path === '/static/game.css') {
        const js = path.endsWith('.js');
        response.writeHead(200, {
          'content-type': js ? 'text/javascript' : 'text/css',
          'cache-control': 'no-cache',
        });
        return response.end(js ? GAME_JS : GAME_CSS);
      }
      const play = /^\/play\/([0-9a-f-]{36})(\/state)?$/.exec(path);
      if (play) {
        const session = sessionOf(play[1] as string);
        if (play[2]) {
          const balance = await balanceOf(session);
          const stakes = [1, 2, 5, 10, 50].map((times) => (session.game.minBet * times).toFixed(2));
          return json(response, 200, {
            balance: balance === null ? '—' : major(balance),
            currency: session.currency,
            stakes,
          });
        }
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy':
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'",
          'referrer-policy': 'no-referrer',
        });
        return response.end(
          gamePage({
            session: session.id,
            title: session.game.names.EN,
            lobbyUrl: session.lobbyUrl,
            demo: session.demo,
          }),
        );
      }
      if (path === '/control/transfers' && loopback) {
        return json(response, 200, {
          transfers: [...transfers.values()],
          balances: Object.fromEntries(transferBalances),
        });
      }
      if (path === '/')
        return json(response, 200, { name: 'Tessera game provider simulator', games: games.length });
      throw new HttpError(404, 'not found');
    }
    if (request.method !== 'POST') throw new HttpError(405, 'method not allowed');
    const raw = await readBody(request);
    const spinMatch = /^\/play\/([0-9a-f-]{36})\/spin$/.exec(path);
    if (spinMatch)
      return json(response, 200, await spin(sessionOf(spinMatch[1] as string), parseJson(raw).stake));
    if (path.startsWith('/sandbox/') || path.startsWith('/control/')) {
      if (!loopback) throw new HttpError(403, 'loopback only');
      const body = parseJson(raw);
      switch (path) {
        case '/sandbox/operators': {
          const operatorId = String(body.operator_id ?? '');
          const walletUrl = String(body.wallet_url ?? '').replace(/\/+$/, '');
          if (!operatorId || !/^https?:\/\//.test(walletUrl))
            throw new HttpError(400, 'operator_id and wallet_url');
          operators.set(operatorId, {
            operatorId,
            walletUrl,
            publicKey: createPublicKey(String(body.public_key ?? '')),
          });
          log(`operator ${operatorId} registered, wallet at ${walletUrl}`);
          return json(response, 200, { public_key: publicKeyPem });
        }
        case '/control/round':
          return json(response, 200, {
            exchanges: await round({
              session: String(body.session),
              stake: Number(body.stake),
              outcome: body.outcome === 'win' || body.outcome === 'lose' ? body.outcome : undefined,
              scenario: (body.scenario as Scenario | undefined) ?? 'normal',
            }),
          });
        case '/control/wallet':
          return json(
            response,
            200,
            await walletCall(
              String(body.operator_id),
              String(body.path),
              body.body as Record<string, unknown>,
            ),
          );
        case '/control/drop-answers': {
          const count = Number(body.count ?? 1);
          if (typeof body.path !== 'string' || !Number.isSafeInteger(count) || count < 0)
            throw new HttpError(400, 'path and count');
          answersToDrop.set(body.path, count);
          return json(response, 200, { path: body.path, count });
        }
        case '/control/transfer-fault':
          depositFault = body.deposit === 'hang_up' || body.deposit === 'refuse' ? body.deposit : null;
          return json(response, 200, { deposit: depositFault });
      }
      throw new HttpError(404, 'not found');
    }
    const { operator, body } = signedBy(raw, request);
    switch (path) {
      case '/operator/generic/v2/game/url': {
        const game = games.find((candidate) => candidate.code === body.game_code);
        if (!game || (game.gameId === null && game.roomId === null)) throw new HttpError(404, 'unknown game');
        const demo = body.demo === true || !body.token;
        if (demo && !game.demo) throw new HttpError(403, 'no demo for this game');
        const lobbyUrl = String(body.lobby_url ?? '');
        const session: Session = {
          id: randomUUID(),
          operatorId: operator.operatorId,
          user: demo ? null : String(body.user ?? ''),
          token: demo ? null : String(body.token),
          game,
          currency: String(body.currency ?? 'EUR'),
          lobbyUrl: /^https?:\/\//.test(lobbyUrl) ? lobbyUrl : 'about:blank',
          demo,
          lang: String(body.lang ?? 'en'),
          demoBalance: 1000 * UNIT,
        };
        sessions.set(session.id, session);
        return json(response, 200, { url: `${publicUrl}/play/${session.id}` });
      }
      case '/operator/generic/v2/game/list':
        return json(response, 200, gameList(publicUrl));
      case '/operator/generic/v2/vendor/list':
        return json(response, 200, vendorList(now));
      case '/operator/generic/v2/sports/matches':
        return json(response, 200, matches(now));
      case '/operator/generic/v2/transfer_wallet/deposit':
        return transfer(operator, 'deposit', body, response);
      case '/operator/generic/v2/transfer_wallet/withdraw':
        return transfer(operator, 'withdraw', body, response);
      case '/operator/generic/v2/transfer_wallet/status': {
        const seen = transfers.get(String(body.transaction_uuid ?? ''));
        if (!seen) throw new HttpError(404, 'no such transaction');
        return json(response, 200, {
          status: 'RS_OK',
          transaction_uuid: seen.transactionUuid,
          kind: seen.kind,
          amount: seen.amount,
          balance: transferBalances.get(transferKey(seen.operatorId, seen.user)) ?? 0,
        });
      }
    }
    throw new HttpError(404, 'not found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return;
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) log(`error: ${(error as Error).stack ?? error}`);
      json(response, status, { error: (error as Error).message });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  publicUrl = (options.publicUrl ?? url).replace(/\/+$/, '');
  return {
    url,
    port,
    publicKey: publicKeyPem,
    round,
    walletCall,
    dropAnswers: (path, count) => {
      answersToDrop.set(path, count);
    },
    redeliveries: () => [...redeliveries],
    redelivered: async () => {
      while (redelivering.size > 0) await Promise.all(redelivering);
    },
    setDepositFault: (fault) => {
      depositFault = fault;
    },
    transfers: () => [...transfers.values()],
    transferBalance: (operatorId, user) => transferBalances.get(transferKey(operatorId, user)) ?? 0,
    setTransferBalance: (operatorId, user, balance) => {
      transferBalances.set(transferKey(operatorId, user), balance);
    },
    sessions: () =>
      [...sessions.values()].map((session) => ({
        id: session.id,
        user: session.user,
        token: session.token,
        game: session.game.code,
        demo: session.demo,
        lang: session.lang,
      })),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
