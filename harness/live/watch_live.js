#!/usr/bin/env node
// Watches arbiter's live page in headless Chromium (check_page.js's DevTools client) while a run
// plays, and writes what it saw as JSON for live_browser_test: every quarter second the games on
// the page with their ply counts, the followed game, the progress line, the status line and how
// many events arrived; a click on a game's card and what the big board then follows; any console
// error or dialog (a name that ran as script would open one); a screenshot mid-run and one at
// the end. It stops when the page says the run ended or the server is gone, or after --seconds.
//
//   node watch_live.js --url http://127.0.0.1:PORT/ --out RESULT.json --shots DIR
//                      [--seconds 120] [--chromium /usr/bin/chromium]
'use strict';
const fs = require('fs');
const path = require('path');
const { Browser } = require(process.env.CHECK_PAGE_SCRIPT || '../report/html/check_page.js');

function parseArguments(argv) {
  const args = { chromium: '/usr/bin/chromium', seconds: '120' };
  for (let i = 2; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!args.url || !args.out || !args.shots) throw new Error('usage: --url URL --out FILE --shots DIR');
  return args;
}

// Runs in the page: what it shows now.
function readLive() {
  const $ = (s) => document.querySelector(s);
  return {
    cards: [...document.querySelectorAll('#live-games .live-game')].map((c) => ({
      game: Number(c.dataset.game), plies: Number(c.dataset.plies || 0),
      title: c.querySelector('h3').textContent, over: c.classList.contains('over'),
      clocks: [...c.querySelectorAll('.clock')].map((x) => x.textContent),
      search: [...c.querySelectorAll('.search')].map((x) => x.textContent),
      board_pieces: c.querySelectorAll('.live-board use').length })),
    followed: $('#live-follow') && !$('#live-follow').hidden ? Number($('#live-follow').dataset.game) : null,
    followed_moves: document.querySelectorAll('#follow-moves li').length,
    progress: $('#live-progress') ? $('#live-progress').textContent : '',
    status: $('#live-status') ? $('#live-status').textContent : '',
    server_gone: document.body.dataset.serverGone === 'true',
    events: Number(document.body.dataset.events || 0),
    page_version: Number(document.body.dataset.pageVersion || 0),
    standings: $('#standings') ? $('#standings').textContent.replace(/\s+/g, ' ').slice(0, 2000) : '',
    game_rows: document.querySelectorAll('#game-table tbody tr').length,
    scripts: document.querySelectorAll('script:not([type])').length,
    injected: document.querySelectorAll('main script, main img, header script').length,
  };
}

async function main() {
  const args = parseArguments(process.argv);
  const profile = fs.mkdtempSync(path.join(path.dirname(path.resolve(args.out)), 'chromium-profile-'));
  const browser = new Browser(args.chromium, profile, { loopback: true });
  const result = { console_errors: [], dialogs: [], samples: [], screenshots: [] };
  try {
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => browser.send(method, params, sessionId);
    browser.listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Runtime.exceptionThrown')
        result.console_errors.push('exception: ' + (m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text));
      if (m.method === 'Runtime.consoleAPICalled' && m.params.type === 'error')
        result.console_errors.push('error: ' + m.params.args.map((a) => a.value ?? a.description).join(' '));
      if (m.method === 'Page.javascriptDialogOpening') {
        result.dialogs.push(m.params.message);
        send('Page.handleJavaScriptDialog', { accept: true }).catch(() => {});
      }
    });
    for (const domain of ['Page', 'Runtime']) await send(domain + '.enable');
    await send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 1000, deviceScaleFactor: 1, mobile: false });
    const evaluate = async (expression) => {
      const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error('page: ' + JSON.stringify(r.exceptionDetails));
      return r.result.value;
    };
    const shoot = async (name) => {
      const { data } = await send('Page.captureScreenshot', { format: 'png' });
      const file = path.join(args.shots, name + '.png');
      fs.writeFileSync(file, Buffer.from(data, 'base64'));
      result.screenshots.push(file);
    };
    fs.mkdirSync(args.shots, { recursive: true });
    await send('Page.navigate', { url: args.url });
    const started = Date.now();
    let clicked = false, shotMidRun = false;
    while (Date.now() - started < Number(args.seconds) * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      let sample;
      try {
        sample = await evaluate(`(${readLive.toString()})()`);
      } catch (error) {
        continue;  // between documents (the shell page became the report)
      }
      sample.ms = Date.now() - started;
      result.samples.push(sample);
      const playing = sample.cards.filter((c) => !c.over && c.plies > 4);
      if (!clicked && playing.length >= 2) {
        // Click the second game in progress: the big board follows it. A game that ended
        // meanwhile (a loaded machine) lets the board move on, and the shell page's one reload
        // into the report (at the first recorded game) starts the page afresh: either way the
        // click is tried again later. The marker set with the click tells a reload.
        const target = playing[1].game;
        await evaluate(`window.arbiterClickProbe = true;
          document.getElementById('live-game-${target}').click()`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        let after;
        try {
          after = await evaluate(`(() => {
            const card = document.getElementById('live-game-${target}');
            return { follow: Number(document.querySelector('#live-follow').dataset.game),
                     over: !card || card.classList.contains('over'),
                     reloaded: window.arbiterClickProbe !== true };
          })()`);
        } catch (error) {
          after = { over: false, reloaded: true };  // between documents: a reload
        }
        if (!after.over && !after.reloaded) {
          result.clicked = target;
          result.followed_after_click = after.follow;
          clicked = true;
        }
      }
      if (!shotMidRun && playing.length >= 2 && sample.game_rows > 0) {
        await evaluate(`window.scrollTo(0, 0)`);
        await shoot('live-mid-run');
        shotMidRun = true;
      }
      if (sample.status.includes('final report') || sample.server_gone) {
        await new Promise((resolve) => setTimeout(resolve, 1500));  // the final sections
        const last = await evaluate(`(${readLive.toString()})()`);
        last.ms = Date.now() - started;
        result.samples.push(last);
        break;
      }
    }
    await shoot('live-end');
  } finally {
    await browser.close();
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
    } catch (error) {
      console.error('watch_live: could not remove ' + profile + ': ' + error.message);
    }
  }
  fs.writeFileSync(args.out, JSON.stringify(result, null, 1));
}

main().catch((error) => {
  console.error('watch_live: ' + error.stack);
  process.exit(1);
});
