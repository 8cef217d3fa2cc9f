// The live page: reads arbiter's events (/events, README "Watching a run live") and shows every
// game in progress on its own board, the followed game on the big one, and the run's progress;
// when a game is recorded it puts the server's newer report sections in place. Every text from
// the server goes in as text, never as markup. When the server goes away the page keeps what it
// has and says so; when the run ends the page is its final report.
(() => {
  'use strict';
  const $ = (selector) => document.querySelector(selector);
  const state = { games: new Map(), progress: null, followed: null, offset: 0, finished: false };
  const PIECES = /^[pnbrqkPNBRQK1-8]+$/;

  // A board from a FEN's first field, as SVG over the page's piece symbols.
  function boardSvg(fen) {
    const ranks = String(fen).split(' ')[0].split('/');
    let squares = '', pieces = '';
    for (let r = 0; r < 8; r++)
      for (let f = 0; f < 8; f++)
        squares += '<rect x="' + f * 45 + '" y="' + r * 45 + '" width="45" height="45" fill="' +
          ((r + f) % 2 ? '#b58863' : '#f0d9b5') + '"/>';
    if (ranks.length === 8 && ranks.every((rank) => PIECES.test(rank))) {
      ranks.forEach((rank, r) => {
        let f = 0;
        for (const ch of rank) {
          if (ch >= '1' && ch <= '8') { f += Number(ch); continue; }
          pieces += '<use href="#piece-' + (ch === ch.toUpperCase() ? 'w' : 'b') + ch.toUpperCase() +
            '" x="' + f * 45 + '" y="' + r * 45 + '" width="45" height="45"/>';
          f++;
        }
      });
    }
    return '<svg viewBox="0 0 360 360" aria-hidden="true">' + squares + pieces + '</svg>';
  }
  function clockText(ms) {
    if (ms === null || ms === undefined) return '';
    const s = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    return (h ? h + ':' + String(m).padStart(2, '0') : String(m)) + ':' + String(sec).padStart(2, '0');
  }
  function sideToMove(game) { return String(game.fen).split(' ')[1] === 'b' ? 'b' : 'w'; }
  // A clock as it stands now: the side to move's runs from when the server read it.
  function clockNow(game, side) {
    const ms = game.clocks ? game.clocks[side] : null;
    if (ms === null || ms === undefined) return null;
    if (game.result !== '*' || state.finished || sideToMove(game) !== side) return ms;
    return ms - Math.max(0, Date.now() - (game.clocks.at + state.offset));
  }
  function searchText(game, side) {
    const s = game.search && game.search[side];
    const last = [...game.moves].reverse().find((m, i) => !m.book &&
      ((game.moves.length - 1 - i) % 2 === 0) === (sideToMove(game) !== side));
    const from = s && (s.d !== null || s.pv) ? s : last;
    if (!from) return '';
    const parts = [];
    if (from.wv !== null && from.wv !== undefined) parts.push(from.wv);
    if (from.d !== null && from.d !== undefined) parts.push('d' + from.d + (from.sd ? '/' + from.sd : ''));
    if (from.n !== null && from.n !== undefined) parts.push(Number(from.n).toLocaleString('en') + ' n');
    if (from.nps) parts.push(Math.round(from.nps / 1000) + ' kn/s');
    if (from.pv) parts.push(from.pv.split(' ').slice(0, 8).join(' '));
    return parts.join(' ');
  }
  function title(game) {
    return 'Game ' + game.g + ' (round ' + game.round + '): ' + game.white + ' \u2013 ' + game.black +
      (game.result !== '*' ? ' ' + game.result : '');
  }

  // One card per game, made once and updated in place.
  function card(game) {
    let box = document.getElementById('live-game-' + game.g);
    if (!box) {
      box = document.createElement('button');
      box.type = 'button';
      box.className = 'live-game';
      box.id = 'live-game-' + game.g;
      box.dataset.game = game.g;
      box.innerHTML = '<h3></h3><div class="live-board" role="img"></div><p class="clocks">' +
        '<span class="clock white"></span><span class="clock black"></span></p>' +
        '<p class="search white"></p><p class="search black"></p><p class="last"></p>';
      box.addEventListener('click', () => follow(game.g));
      const list = $('#live-games');
      const after = [...list.children].find((c) => Number(c.dataset.game) > game.g);
      list.insertBefore(box, after || null);
    }
    return box;
  }
  function drawGame(game) {
    const box = card(game);
    box.querySelector('h3').textContent = title(game);
    const board = box.querySelector('.live-board');
    if (board.dataset.fen !== game.fen) {
      board.innerHTML = boardSvg(game.fen);
      board.dataset.fen = game.fen;
      board.setAttribute('aria-label', 'Game ' + game.g + ', FEN ' + game.fen);
    }
    box.dataset.plies = game.moves.length;
    box.classList.toggle('over', game.result !== '*');
    box.classList.toggle('followed', state.followed === game.g);
    const last = game.moves[game.moves.length - 1];
    box.querySelector('.last').textContent = game.result !== '*' ? game.result + ' ' + game.termination
      : last ? 'Last move ' + last.san + ' (ply ' + last.p + ')' : 'Start position';
    box.querySelector('.search.white').textContent = 'White: ' + searchText(game, 'w');
    box.querySelector('.search.black').textContent = 'Black: ' + searchText(game, 'b');
    drawClocks(game);
    if (state.followed === game.g) drawFollowed();
  }
  function drawClocks(game) {
    const box = document.getElementById('live-game-' + game.g);
    const targets = [[box && box.querySelector('.clock.white'), box && box.querySelector('.clock.black')]];
    if (state.followed === game.g) targets.push([$('#follow-white-clock'), $('#follow-black-clock')]);
    for (const [white, black] of targets) {
      if (!white) continue;
      white.textContent = '\u2654 ' + game.white + ' ' + clockText(clockNow(game, 'w'));
      black.textContent = '\u265a ' + game.black + ' ' + clockText(clockNow(game, 'b'));
      const running = game.result === '*' && !state.finished ? sideToMove(game) : '';
      white.classList.toggle('running', running === 'w');
      black.classList.toggle('running', running === 'b');
    }
  }
  function follow(number) {
    state.followed = number;
    for (const box of document.querySelectorAll('.live-game'))
      box.classList.toggle('followed', Number(box.dataset.game) === number);
    drawFollowed();
  }
  function drawFollowed() {
    const game = state.games.get(state.followed);
    const box = $('#live-follow');
    if (!game) { box.hidden = true; return; }
    box.hidden = false;
    box.dataset.game = game.g;
    box.dataset.plies = game.moves.length;
    $('#follow-title').textContent = title(game);
    const board = $('#follow-board');
    if (board.dataset.fen !== game.fen) {
      board.innerHTML = boardSvg(game.fen);
      board.dataset.fen = game.fen;
      board.setAttribute('aria-label', 'Followed game ' + game.g + ', FEN ' + game.fen);
    }
    const search = $('#follow-search');
    search.replaceChildren();
    for (const [side, name] of [['w', game.white], ['b', game.black]]) {
      const dt = document.createElement('dt');
      dt.textContent = (side === 'w' ? 'White ' : 'Black ') + name;
      const dd = document.createElement('dd');
      dd.textContent = searchText(game, side) || '\u2014';
      search.append(dt, dd);
    }
    const list = $('#follow-moves');
    while (list.children.length > game.moves.length) list.lastChild.remove();
    const whiteFirst = String(game.start_fen).split(' ')[1] !== 'b';
    const firstMove = Number(String(game.start_fen).split(' ')[5] || 1);
    for (let i = list.children.length; i < game.moves.length; i++) {
      const m = game.moves[i];
      const li = document.createElement('li');
      const white = (i % 2 === 0) === whiteFirst;
      const number = firstMove + Math.floor((i + (whiteFirst ? 0 : 1)) / 2);
      li.textContent = (white ? number + '. ' : (i === 0 ? number + '... ' : '')) + m.san +
        (m.wv ? ' {' + m.wv + (m.d !== null ? '/' + m.d : '') + '}' : '');
      list.appendChild(li);
    }
    list.scrollTop = list.scrollHeight;
    drawClocks(game);
  }
  function drawProgress() {
    const p = state.progress;
    if (!p) return;
    const parts = [p.done + ' of ' + p.scheduled + ' games played'];
    if (!p.finished) parts.push(p.playing + ' in progress');
    if (p.per_minute) parts.push(p.per_minute.toFixed(1) + ' games a minute');
    if (!p.finished && p.seconds_left !== null && p.seconds_left !== undefined) {
      const s = Math.round(p.seconds_left);
      parts.push('about ' + (s >= 3600 ? Math.floor(s / 3600) + ' h ' : '') +
        (s >= 60 ? Math.floor(s / 60) % 60 + ' min ' : '') + (s < 3600 ? s % 60 + ' s ' : '') + 'left');
    }
    $('#live-progress').textContent = parts.join(', ');
    $('#live-progress').dataset.done = p.done;
  }
  function status(text, kind) {
    const line = $('#live-status');
    line.textContent = text;
    line.className = kind || '';
  }

  // The report's sections from the server's newer page (standings, chart, crosstable, games).
  let fetching = null, wanted = false;
  async function refreshPage() {
    if (fetching) { wanted = true; return; }
    fetching = (async () => {
      try {
        const response = await fetch('/', { cache: 'no-store' });
        if (!response.ok) return;
        const page = new DOMParser().parseFromString(await response.text(), 'text/html');
        const summary = page.querySelector('header > p');
        if (summary && $('header > p')) $('header > p').replaceWith(document.importNode(summary, true));
        const nav = page.querySelector('header nav');
        if (nav && $('header nav')) $('header nav').replaceWith(document.importNode(nav, true));
        const main = $('main');
        for (const section of page.querySelectorAll('main > section, main > .scroll')) {
          if (section.id === 'live' || section.id === 'games') continue;
          const fresh = document.importNode(section, true);
          const old = section.id ? document.getElementById(section.id) : null;
          if (old) old.replaceWith(fresh);
          else if (section.id) main.insertBefore(fresh, $('#games'));
          if (window.arbiterReport && section.id) window.arbiterReport.wireCharts(fresh);
        }
        for (const id of ['game-list', 'game-plies']) {
          const fresh = page.getElementById(id), old = document.getElementById(id);
          if (fresh && old) old.textContent = fresh.textContent;
        }
        if (!$('#games') && page.getElementById('games')) {
          location.reload();  // the shell page becomes the report
          return;
        }
        if (window.arbiterReport) window.arbiterReport.reload();
        document.body.dataset.pageVersion = String(Number(document.body.dataset.pageVersion || 0) + 1);
      } catch (e) {
        // The server went away mid-fetch: the page keeps what it has.
      } finally {
        fetching = null;
        if (wanted) { wanted = false; refreshPage(); }
      }
    })();
  }

  function take(game) {
    state.games.set(game.g, game);
    drawGame(game);
    if (state.followed === null && game.result === '*') follow(game.g);
  }
  const handlers = {
    snapshot(data) {
      state.offset = Date.now() - data.written_ms;
      state.games.clear();
      $('#live-games').replaceChildren();
      for (const game of data.games) take(game);
      if (!state.games.has(state.followed)) {
        state.followed = null;
        const playing = [...state.games.values()].find((g) => g.result === '*');
        if (playing) follow(playing.g); else drawFollowed();
      }
      state.progress = data.progress;
      drawProgress();
      if (data.progress.finished) return ended();
      status('Live: ' + state.games.size + ' game' + (state.games.size === 1 ? '' : 's') +
        ' shown; moves appear as they are played.', 'live');
    },
    game(data) { take(data); },
    move(data) {
      const game = state.games.get(data.g);
      if (!game || data.move.p !== game.moves.length + 1) return;
      game.moves.push(data.move);
      game.fen = data.move.fen;
      game.clocks = data.clocks;
      const side = String(data.move.fen).split(' ')[1] === 'b' ? 'w' : 'b';  // who moved
      game.search[side] = { d: null, pv: '' };
      drawGame(game);
    },
    info(data) {
      const game = state.games.get(data.g);
      if (!game) return;
      game.search[data.side] = data;
      drawGame(game);
    },
    end(data) {
      const game = state.games.get(data.g);
      if (!game) return;
      game.result = data.result;
      game.termination = data.termination;
      drawGame(game);
      if (state.followed === data.g) {
        const next = [...state.games.values()].find((g) => g.result === '*');
        if (next) setTimeout(() => { if (state.followed === data.g) follow(next.g); }, 3000);
      }
    },
    recorded(data) {
      const game = state.games.get(data.g);
      if (game) game.id = data.id;
      state.progress = data.progress;
      drawProgress();
    },
    dropped(data) {
      state.games.delete(data.g);
      const box = document.getElementById('live-game-' + data.g);
      if (box) box.remove();
      if (state.followed === data.g) { state.followed = null; drawFollowed(); }
    },
    progress(data) { state.progress = data; drawProgress(); },
    standings() {},
    page() { refreshPage(); },
    finished(data) { state.progress = data.progress; drawProgress(); ended(); },
  };
  function ended() {
    state.finished = true;
    if (source) source.close();
    status('The run has ended: this page is its final report.', 'ended');
    for (const game of state.games.values()) drawClocks(game);
    refreshPage();
  }

  let source = null;
  function connect() {
    source = new EventSource('/events');
    for (const [type, handle] of Object.entries(handlers))
      source.addEventListener(type, (e) => {
        let data;
        try { data = JSON.parse(e.data); } catch (error) { return; }
        handle(data);
        document.body.dataset.events = String(Number(document.body.dataset.events || 0) + 1);
      });
    source.onerror = () => {
      if (state.finished) return;
      status('The live server is gone (since ' + new Date().toLocaleTimeString() +
        '): the page keeps what it had and reconnects if the server comes back.', 'gone');
      document.body.dataset.serverGone = 'true';
    };
    source.onopen = () => { delete document.body.dataset.serverGone; };
  }
  setInterval(() => { for (const game of state.games.values()) if (game.result === '*') drawClocks(game); }, 250);
  connect();
})();
