import { escapeHtml } from '../http.ts';

/**
 * The page a game shows in the player site's iframe: the balance, a stake selector, Play and Back. It loads one
 * script of this server (no inline script, no external resource), which talks only to this server; this server
 * then calls the operator's wallet.
 */

export function gamePage(options: {
  session: string;
  title: string;
  lobbyUrl: string;
  demo: boolean;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/static/game.css">
</head><body data-session="${escapeHtml(options.session)}">
<main>
<header><a class="back" href="${escapeHtml(options.lobbyUrl)}" target="_top" rel="noopener">&larr; Back</a>
<h1>${escapeHtml(options.title)}</h1>${options.demo ? '<span class="demo">DEMO</span>' : ''}</header>
<section class="table"><div id="reels" aria-live="polite">? ? ?</div><p id="result" role="status">Choose a stake and play.</p></section>
<section class="controls">
<p>Balance: <output id="balance">…</output> <span id="currency"></span></p>
<label>Stake <select id="stake"></select></label>
<button id="play" type="button">Play</button>
</section>
</main>
<script src="/static/game.js"></script>
</body></html>`;
}

export const GAME_CSS = `body{margin:0;font-family:system-ui,sans-serif;background:radial-gradient(circle at top,#1e3a8a,#0f172a);color:#f8fafc;min-height:100vh}
main{max-width:560px;margin:0 auto;padding:16px}header{display:flex;align-items:center;gap:12px}h1{font-size:20px;margin:0;flex:1}
.back{color:#93c5fd;text-decoration:none;font-weight:600}.demo{background:#f59e0b;color:#111;border-radius:6px;padding:2px 8px;font-size:12px;font-weight:700}
.table{margin:24px 0;padding:32px;border-radius:16px;background:#065f46;text-align:center;box-shadow:inset 0 0 40px #0008}
#reels{font-size:48px;letter-spacing:12px;font-weight:800}#result{min-height:24px}
.controls{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}
select,button{font-size:16px;padding:8px 14px;border-radius:8px;border:0}button{background:#f59e0b;color:#111;font-weight:700;cursor:pointer}
button:disabled{opacity:.5;cursor:wait}`;

export const GAME_JS = `(() => {
  const session = document.body.dataset.session;
  const $ = (id) => document.getElementById(id);
  const show = (state) => {
    $('balance').textContent = state.balance;
    $('currency').textContent = state.currency;
  };
  const call = async (path, body) => {
    const response = await fetch('/play/' + session + path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
    return response.json();
  };
  call('/state').then((state) => {
    show(state);
    for (const stake of state.stakes) {
      const option = document.createElement('option');
      option.value = stake;
      option.textContent = stake;
      $('stake').append(option);
    }
  });
  $('play').addEventListener('click', async () => {
    $('play').disabled = true;
    $('result').textContent = 'Playing…';
    try {
      const round = await call('/spin', { stake: $('stake').value });
      if (round.error) {
        $('result').textContent = round.error;
      } else {
        $('reels').textContent = round.symbols.join(' ');
        $('result').textContent = round.win !== '0.00' ? 'You win ' + round.win + '!' : 'No win this time.';
      }
      if (round.balance !== undefined) show(round);
    } finally {
      $('play').disabled = false;
    }
  });
})();`;
