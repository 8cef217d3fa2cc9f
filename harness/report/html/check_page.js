#!/usr/bin/env node
// Opens an arbiter report in headless Chromium through the DevTools protocol (over a pipe, so
// no port and no extra package) with the network blocked, and writes what it saw as JSON for
// the browser tests: console errors, every request the page made, the standings, crosstable and
// game list as the DOM holds them, the heading and how many scripts the page has, the viewer's
// title and the FEN it shows after stepping through a game with key presses, contrast failures,
// accessibility checks and screenshot statistics.
//
//   node check_page.js --page FILE.html --out RESULT.json --shots DIR [--game ID]
//                      [--chromium /usr/bin/chromium]
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { pathToFileURL } = require('url');

function parseArguments(argv) {
  const args = { chromium: '/usr/bin/chromium', game: null };
  for (let i = 2; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!args.page || !args.out || !args.shots) throw new Error('usage: --page FILE --out FILE --shots DIR');
  return args;
}

// A DevTools client over --remote-debugging-pipe: JSON messages separated by NUL bytes, written
// to the browser's fd 3 and read from its fd 4.
// `loopback`: the page may reach this machine's servers (the live page's own); every other
// address still goes to a proxy that is not there.
class Browser {
  constructor(executable, profile, { loopback = false } = {}) {
    this.child = spawn(executable, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-extensions', '--disable-dev-shm-usage', '--disable-default-apps', '--mute-audio', '--hide-scrollbars',
      '--proxy-server=127.0.0.1:9', '--proxy-bypass-list=' + (loopback ? '<local>' : '<-loopback>'),
      '--user-data-dir=' + profile, '--remote-debugging-pipe', 'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
    this.child.stderr.resume();
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buffer = '';
    this.child.stdio[4].on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (message.id && this.pending.has(message.id)) {
          const { resolve, reject } = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.error) reject(new Error(JSON.stringify(message.error)));
          else resolve(message.result);
        } else if (message.method) {
          for (const listener of this.listeners) listener(message);
        }
      }
    });
  }
  send(method, params = {}, sessionId = undefined) {
    const id = this.next++;
    const message = { id, method, params };
    if (sessionId) message.sessionId = sessionId;
    this.child.stdio[3].write(JSON.stringify(message) + '\0');
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      setTimeout(() => reject(new Error(method + ': no answer in 30 s')), 30000).unref();
    });
  }
  // Asks the browser to quit and waits until its whole process group has gone, so that its
  // profile can be removed; kills the group if it has not quit within five seconds.
  async close() {
    const exited = this.child.exitCode !== null || this.child.signalCode !== null;
    const gone = exited ? Promise.resolve() : new Promise((resolve) => this.child.once('exit', resolve));
    this.send('Browser.close').catch(() => {});
    const timer = setTimeout(() => this.killGroup(), 5000);
    await gone;
    clearTimeout(timer);
    this.killGroup();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  killGroup() {
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch (error) {
      // The group has already gone.
    }
  }
}

// Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are) into pixels.
function decodePng(buffer) {
  let offset = 8, width = 0, height = 0, channels = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('unsupported PNG');
      channels = { 2: 3, 6: 4 }[body[9]];
      if (!channels) throw new Error('unsupported PNG colour type ' + body[9]);
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels, pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      pixels[y * stride + x] = (value + predictor) & 255;
    }
  }
  return { width, height, channels, pixels };
}

// How much a screenshot shows: distinct colours and the share of pixels unlike the most common.
function screenshotStatistics(file) {
  const { width, height, channels, pixels } = decodePng(fs.readFileSync(file));
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += channels) {
    const key = (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const most = Math.max(...counts.values());
  return { file, width, height, distinct_colours: counts.size,
           other_than_background: 1 - most / (width * height) };
}

// Runs in the page: text whose contrast with its background is below 4.5.
function contrastFailures() {
  const parse = (text) => (text.match(/[\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const linear = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  // The first opaque background colour on the way up (an <svg> counts like any element).
  const background = (element) => {
    for (let e = element; e; e = e.parentElement) {
      const colour = parse(getComputedStyle(e).backgroundColor);
      if (colour.length === 3 || (colour.length === 4 && colour[3] > 0)) return colour;
    }
    return [255, 255, 255];
  };
  const failures = [];
  for (const element of document.querySelectorAll('body *')) {
    const hasText = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!hasText || !element.getClientRects().length) continue;
    if (element.closest('[hidden], script, style, title, desc')) continue;
    const style = getComputedStyle(element);
    const foreground = parse(element instanceof SVGElement ? style.fill : style.color);
    const [l1, l2] = [luminance(foreground), luminance(background(element))].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < 4.5)
      failures.push({ text: element.textContent.trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100 });
  }
  return failures;
}

// Runs in the page: what the DOM shows, plus accessibility basics.
function readPage() {
  const text = (e) => e.textContent.trim();
  return {
    standings: [...document.querySelectorAll('#standings-table tbody tr')].map((tr) => tr.dataset.engine),
    crosstable: [...document.querySelectorAll('#crosstable-table td[data-row]')].map((td) =>
      ({ row: td.dataset.row, column: td.dataset.column, text: text(td) })),
    tables_without_headers: [...document.querySelectorAll('table')].filter((t) =>
      !t.querySelector('thead th[scope="col"]')).map((t) => t.id || text(t).slice(0, 30)),
    charts_without_text: [...document.querySelectorAll('svg.chart')].filter((s) =>
      !s.querySelector('title') || !text(s.querySelector('title')) || !s.querySelector('desc') ||
      !text(s.querySelector('desc'))).length,
    charts: document.querySelectorAll('svg.chart').length,
    images_without_alt: [...document.querySelectorAll('img:not([alt])')].length,
    lang: document.documentElement.lang,
    resources: performance.getEntriesByType('resource').map((e) => e.name),
    html_bytes: document.documentElement.outerHTML.length,
    heading: document.querySelector('h1') ? document.querySelector('h1').textContent : null,
    scripts: document.scripts.length,
  };
}

// The page as a teacher reads it: its sections, the note under the title, the one-opening line,
// the faults listed, and the Elo-over-time chart's lines (where each starts) and bands: visible
// bands before any pointing, after pointing at the legend's third entry, after leaving it, and
// after selecting the fifth (which stays).
function readClassPage() {
  const text = (e) => (e ? e.textContent.trim() : null);
  const chart = document.querySelector('#timeline svg.chart');
  const shown = () => (chart ? [...chart.querySelectorAll('.band')]
    .filter((b) => getComputedStyle(b).display !== 'none').map((b) => b.dataset.series) : []);
  const entry = (n) => chart && chart.querySelectorAll('.legend-entry')[n];
  const bands = { before: shown() };
  if (entry(2)) {
    entry(2).dispatchEvent(new MouseEvent('mouseenter'));
    bands.pointing_third = shown();
    entry(2).dispatchEvent(new MouseEvent('mouseleave'));
    bands.after_leaving = shown();
  }
  if (entry(4)) {
    entry(4).dispatchEvent(new MouseEvent('click'));
    entry(4).dispatchEvent(new MouseEvent('mouseleave'));
    bands.selected_fifth = shown();
    bands.dimmed_lines = chart.querySelectorAll('.line.dimmed').length;
    entry(4).dispatchEvent(new MouseEvent('click'));
  }
  return {
    sections: [...document.querySelectorAll('main > section, main > div > section')].map((s) => s.id),
    search_figures: [...document.querySelectorAll('#search h3')].map(text),
    note: [...document.querySelectorAll('#note li')].map(text),
    one_opening: text(document.querySelector('#one-opening')),
    openings_table: !!document.querySelector('#openings-table'),
    faults: [...document.querySelectorAll('#fault-list li')].map(text),
    own_names: [...document.querySelectorAll('.own-name')].map(text),
    timeline_lines: chart ? chart.querySelectorAll('.line').length : 0,
    timeline_legend_entries: chart ? chart.querySelectorAll('.legend-entry').length : 0,
    // Where each line starts ("x,y" of its first point): every line from game 0, at 0 Elo.
    timeline_line_starts: chart ? [...chart.querySelectorAll('.line')].map((l) => {
      const start = /^M([-0-9.]+),([-0-9.]+)/.exec(l.getAttribute('d') || '');
      return start ? `${start[1]},${start[2]}` : null;
    }) : [],
    timeline_bands: bands,
    own_descriptions: [...document.querySelectorAll('.own-description')].map((e) =>
      ({ shown: text(e), title: e.getAttribute('title') })),
    // How far each table's box must scroll sideways at this width (0: the table fits), by id.
    table_overflow: Object.fromEntries([...document.querySelectorAll('.scroll > table[id]')]
      .map((t) => [t.id, t.parentElement.scrollWidth - t.parentElement.clientWidth])),
    // Each line chart's legend entries that end below the chart's own height (cut off).
    legend_cut: [...document.querySelectorAll('svg.chart')].map((svg) => {
      const height = svg.viewBox.baseVal.height;
      return [...svg.querySelectorAll('text')].filter((t) => t.getAttribute('x') &&
        Number(t.getAttribute('x')) > svg.viewBox.baseVal.width - 150 &&
        t.getBBox().y + t.getBBox().height > height).length;
    }).reduce((a, b) => a + b, 0),
  };
}

// Runs in the page with a game open in the viewer: the analysis section's figures, the turning
// points listed, the evaluation graph under the board (its marks, where it sits), the move list's
// NAGs, and what selecting the graph's last mark shows.
function readAnalysis() {
  const text = (e) => (e ? e.textContent.trim() : null);
  const figure = document.querySelector('#eval-figure');
  const graph = document.querySelector('#eval-graph');
  const marks = graph ? [...graph.querySelectorAll('.mark')] : [];
  const board = document.querySelector('#board').getBoundingClientRect();
  const box = figure ? figure.getBoundingClientRect() : null;
  const polyline = graph && graph.querySelector('.evaluation');
  const seen = {
    summary: text(document.querySelector('#analysis-summary')),
    engines: [...document.querySelectorAll('#analysis-table tbody tr')].map((tr) =>
      [tr.dataset.engine, ...[...tr.cells].slice(1).map(text)]),
    turning: [...document.querySelectorAll('#turning-table tbody tr')].map((tr) =>
      [tr.dataset.game, tr.dataset.ply, ...[...tr.cells].map(text)]),
    graph_shown: !!figure && !figure.hidden && box.height > 0,
    graph_below_board: !!box && box.top >= board.bottom - 1 && Math.abs(box.left - board.left) < 2,
    graph_points: polyline ? polyline.getAttribute('points').trim().split(/\s+/).length : 0,
    marks: marks.map((m) => m.dataset.ply + ' ' + m.dataset.nag),
    turning_line: !!(graph && graph.querySelector('.turning')),
    move_list: [...document.querySelectorAll('#move-list button')].map(text),
  };
  if (marks.length) {
    marks[marks.length - 1].dispatchEvent(new MouseEvent('click'));
    seen.selected_ply = Number(document.querySelector('#viewer').dataset.ply);
    seen.selected_info = text(document.querySelector('#move-info'));
  }
  return seen;
}

async function main() {
  const args = parseArguments(process.argv);
  // The profile sits beside the results, not in /tmp: a confined (snap) Chromium has its own /tmp.
  const profile = fs.mkdtempSync(path.join(path.dirname(path.resolve(args.out)), 'chromium-profile-'));
  const browser = new Browser(args.chromium, profile);
  const result = { console_errors: [], requests: [], screenshots: [] };
  const pageUrl = pathToFileURL(path.resolve(args.page)).href;
  try {
    // Step 1. One tab, with everything it logs or requests recorded.
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => browser.send(method, params, sessionId);
    let loaded = null;
    browser.listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Runtime.consoleAPICalled' && ['error', 'assert', 'warning'].includes(m.params.type))
        result.console_errors.push(m.params.type + ': ' + m.params.args.map((a) => a.value ?? a.description).join(' '));
      if (m.method === 'Runtime.exceptionThrown')
        result.console_errors.push('exception: ' + (m.params.exceptionDetails.exception?.description ?? m.params.exceptionDetails.text));
      if (m.method === 'Log.entryAdded' && ['error', 'warning'].includes(m.params.entry.level))
        result.console_errors.push(m.params.entry.level + ': ' + m.params.entry.text);
      if (m.method === 'Network.requestWillBeSent' && m.params.request.url !== pageUrl &&
          !m.params.request.url.startsWith('about:'))
        result.requests.push(m.params.request.url);
      if (m.method === 'Page.loadEventFired' && loaded) loaded();
    });
    for (const domain of ['Page', 'Runtime', 'Log', 'Network']) await send(domain + '.enable');
    await send('Emulation.setFocusEmulationEnabled', { enabled: true });
    const evaluate = async (expression) => {
      const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error('page: ' + JSON.stringify(r.exceptionDetails));
      return r.result.value;
    };
    const waitFor = async (expression, what) => {
      for (let i = 0; i < 200; i++) {
        if (await evaluate(expression)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('timed out waiting for ' + what);
    };
    const open = async (width, height, mobile) => {
      await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile });
      const done = new Promise((resolve) => { loaded = resolve; });
      const started = Date.now();
      await send('Page.navigate', { url: pageUrl });
      await done;
      await waitFor('document.body && document.body.dataset.ready === "true"', 'the page script');
      return Date.now() - started;
    };
    const shoot = async (selector, name) => {
      await evaluate(`document.querySelector(${JSON.stringify(selector)}).scrollIntoView()`);
      const { data } = await send('Page.captureScreenshot', { format: 'png' });
      const file = path.join(args.shots, name + '.png');
      fs.writeFileSync(file, Buffer.from(data, 'base64'));
      result.screenshots.push(screenshotStatistics(file));
    };
    const key = async (name, code) => {
      for (const type of ['rawKeyDown', 'keyUp'])
        await send('Input.dispatchKeyEvent', { type, key: name, code: name, windowsVirtualKeyCode: code });
    };
    fs.mkdirSync(args.shots, { recursive: true });

    // Step 2. Desktop width: the page as loaded, then every game listed, then the viewer.
    result.load_ms = await open(1280, 900, false);
    Object.assign(result, await evaluate(`(${readPage.toString()})()`));
    result.contrast_failures = await evaluate(`(${contrastFailures.toString()})()`);
    result.class_page = await evaluate(`(${readClassPage.toString()})()`);
    await evaluate(`(() => { const s = document.querySelector('#page-size');
      if (s) { s.value = '0'; s.dispatchEvent(new Event('change')); } })()`);
    result.games = await evaluate(`[...document.querySelectorAll('#game-table tbody tr')]
      .map((tr) => Number(tr.dataset.gameId))`);
    await shoot('#standings', 'desktop-standings');
    if (args.game) {
      await evaluate(`location.hash = '#game-${Number(args.game)}'`);
      await waitFor(`document.querySelector('#viewer').dataset.loaded === 'true' &&
        document.querySelector('#viewer').dataset.game === '${Number(args.game)}'`, 'the game');
      result.viewer_start_fen = await evaluate(`document.querySelector('#fen').textContent`);
      result.analysis = await evaluate(`(${readAnalysis.toString()})()`);
      if (result.analysis.graph_shown) {
        await shoot('#viewer', 'desktop-analysis');
        await shoot('#analysis', 'desktop-analysis-section');
      }
      await key('Home', 36);
      result.viewer_title = await evaluate(`document.querySelector('#viewer-title').textContent`);
      // Key presses until the viewer stops moving: the last two must change nothing.
      let ply = -1, still = 0;
      for (let presses = 0; still < 2 && presses < 3000; presses++) {
        await key('ArrowRight', 39);
        const now = Number(await evaluate(`document.querySelector('#viewer').dataset.ply`));
        still = now === ply ? still + 1 : 0;
        ply = now;
      }
      result.viewer_plies = ply;
      result.viewer_final_fen = await evaluate(`document.querySelector('#fen').textContent`);
      await key('Home', 36);
      result.viewer_home_fen = await evaluate(`document.querySelector('#fen').textContent`);
      await key('End', 35);
      result.viewer_end_fen = await evaluate(`document.querySelector('#fen').textContent`);
      await shoot('#viewer', 'desktop-board');
    }

    // Step 3. Phone width: the same page, standings and board.
    await open(390, 844, true);
    // How far the page is wider than the phone's layout viewport (0: nothing scrolls sideways).
    const metrics = await send('Page.getLayoutMetrics');
    result.phone_overflow = metrics.cssContentSize.width - metrics.cssLayoutViewport.clientWidth;
    await shoot('#standings', 'phone-standings');
    if (args.game) {
      await evaluate(`location.hash = '#game-${Number(args.game)}'`);
      await waitFor(`document.querySelector('#viewer').dataset.loaded === 'true'`, 'the game');
      await key('End', 35);
      await shoot('#viewer', 'phone-board');
    }
  } finally {
    await browser.close();
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
    } catch (error) {
      console.error('check_page: could not remove ' + profile + ': ' + error.message);
    }
  }
  fs.writeFileSync(args.out, JSON.stringify(result, null, 1));
}

if (require.main === module) {
  main().catch((error) => {
    console.error('check_page: ' + error.stack);
    process.exit(1);
  });
}
module.exports = { Browser, decodePng };
