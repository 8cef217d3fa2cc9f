(() => {
  'use strict';
  const $ = (selector) => document.querySelector(selector);
  let GAMES = JSON.parse($('#game-list').textContent);
  let PLIES = JSON.parse($('#game-plies').textContent);
  const NUMERIC = [true, true, false, false, false, false, false, true];
  const list = { text: '', result: '', column: 0, descending: false, page: 0, size: 100 };
  const viewer = { id: null, game: null, ply: 0 };

  // The game list: filter, sort, page.
  function selectedGames() {
    const text = list.text.toLowerCase();
    const games = GAMES.filter((g) => (!list.result || g[4] === list.result) &&
      (!text || [g[2], g[3], g[5], g[6], g[8], g[9]].some((v) => String(v).toLowerCase().includes(text))));
    const c = list.column, sign = list.descending ? -1 : 1;
    games.sort((a, b) => sign * (NUMERIC[c] ? a[c] - b[c] : String(a[c]).localeCompare(String(b[c]))) ||
      a[0] - b[0]);
    return games;
  }
  function cell(row, text) {
    const td = document.createElement('td');
    td.textContent = text;
    row.appendChild(td);
    return td;
  }
  function renderList() {
    const games = selectedGames();
    const size = list.size || games.length || 1;
    const pages = Math.max(1, Math.ceil(games.length / size));
    list.page = Math.min(list.page, pages - 1);
    const body = $('#game-table tbody');
    const rows = document.createDocumentFragment();
    for (const g of games.slice(list.page * size, (list.page + 1) * size)) {
      const row = document.createElement('tr');
      row.dataset.gameId = g[0];
      if (g[0] === viewer.id) row.className = 'current';
      const link = document.createElement('a');
      link.href = '#game-' + g[0];
      link.textContent = g[0];
      cell(row, '').appendChild(link);
      for (let i = 1; i < 8; i++) cell(row, g[i]).className = NUMERIC[i] ? 'num' : '';
      row.cells[5].title = g[9] ? g[8] + ' (' + g[9] + ')' : g[8];
      rows.appendChild(row);
    }
    body.replaceChildren(rows);
    $('#game-count').textContent = games.length + ' of ' + GAMES.length + ' games';
    $('#page-number').textContent = 'page ' + (list.page + 1) + ' of ' + pages;
    $('#page-previous').disabled = list.page === 0;
    $('#page-next').disabled = list.page >= pages - 1;
    document.querySelectorAll('#game-table th').forEach((th, i) => th.setAttribute('aria-sort',
      i === list.column ? (list.descending ? 'descending' : 'ascending') : 'none'));
  }

  // The board viewer: positions come from the page's data, one inflated game at a time.
  async function inflate(text) {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
    return JSON.parse(await new Response(stream).text());
  }
  function drawBoard(fen) {
    const ranks = fen.split(' ')[0].split('/');
    let svg = '<svg viewBox="0 0 360 360" aria-hidden="true">';
    ranks.forEach((rank, r) => {
      let f = 0;
      for (const ch of rank) {
        if (ch >= '1' && ch <= '8') { f += Number(ch); continue; }
        svg += '<use href="#piece-' + (ch === ch.toUpperCase() ? 'w' : 'b') + ch.toUpperCase() +
          '" x="' + f * 45 + '" y="' + r * 45 + '" width="45" height="45"/>';
        f++;
      }
    });
    let squares = '';
    for (let r = 0; r < 8; r++)
      for (let f = 0; f < 8; f++)
        squares += '<rect x="' + f * 45 + '" y="' + r * 45 + '" width="45" height="45" fill="' +
          ((r + f) % 2 ? '#b58863' : '#f0d9b5') + '"/>';
    $('#board').innerHTML = svg.replace('aria-hidden="true">', 'aria-hidden="true">' + squares) + '</svg>';
    $('#board').setAttribute('aria-label', 'Board after the shown move, FEN ' + fen);
  }
  function showPly(ply) {
    const game = viewer.game;
    if (!game) return;
    viewer.ply = Math.max(0, Math.min(ply, game.f.length - 1));
    const fen = game.f[viewer.ply];
    drawBoard(fen);
    $('#fen').textContent = fen;
    const info = $('#move-info');
    if (viewer.ply === 0) {
      info.textContent = 'Start position';
    } else {
      const [san, uci, score, depth, nodes, time, book] = game.m[viewer.ply - 1];
      const a = game.a;
      const nag = a ? a.n[viewer.ply - 1] : '';
      const parts = [san + nag + ' (' + uci + ')'];
      if (book) parts.push('book move');
      if (a && a.e[viewer.ply] !== null) parts.push('evaluation ' + pawns(a.e[viewer.ply]));
      if (a && a.b[viewer.ply - 1]) parts.push('better ' + a.b[viewer.ply - 1]);
      if (a && a.t === viewer.ply) parts.push('the turning point');
      if (score) parts.push('score ' + score);
      if (depth !== null) parts.push('depth ' + depth);
      if (nodes !== null) parts.push(nodes + ' nodes');
      if (!book) parts.push(time + ' ms');
      info.textContent = 'Ply ' + viewer.ply + ': ' + parts.join(', ');
    }
    document.querySelectorAll('#move-list button').forEach((b, i) =>
      b.setAttribute('aria-current', String(i + 1 === viewer.ply)));
    $('#viewer').dataset.ply = viewer.ply;
    const cursor = $('#eval-graph .cursor');
    if (cursor) cursor.setAttribute('x1', graphX(viewer.ply)), cursor.setAttribute('x2', graphX(viewer.ply));
  }

  // The evaluation graph under the board (when the database holds an analysis of the game): White's
  // evaluation at each position, clamped to +/-10, with the marked moves and the turning point.
  const NAG_CLASS = { '?!': 'inaccuracy', '?': 'mistake', '??': 'blunder' };
  const pawns = (cp) => (cp > 0 ? '+' : '') + (cp / 100).toFixed(2);
  const graphX = (ply) => 4 + 352 * ply / Math.max(1, viewer.game ? viewer.game.f.length - 1 : 1);
  const graphY = (cp) => 65 - 60 * cp / 1000;
  function svgElement(name, attributes) {
    // The namespace from the page's own <svg>: the page names no address.
    const element = document.createElementNS($('#eval-graph').namespaceURI, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  }
  function drawGraph() {
    const figure = $('#eval-figure'), svg = $('#eval-graph');
    const a = viewer.game && viewer.game.a;
    figure.hidden = !a;
    svg.replaceChildren();
    if (!a) return;
    svg.appendChild(svgElement('rect', { x: 0, y: 0, width: 360, height: 130, class: 'ground' }));
    svg.appendChild(svgElement('line', { x1: 4, x2: 356, y1: 65, y2: 65, class: 'zero' }));
    const points = [];
    a.e.forEach((cp, ply) => { if (cp !== null) points.push(graphX(ply).toFixed(1) + ',' + graphY(cp).toFixed(1)); });
    svg.appendChild(svgElement('polyline', { points: points.join(' '), class: 'evaluation' }));
    if (a.t) svg.appendChild(svgElement('line', { x1: graphX(a.t), x2: graphX(a.t), y1: 2, y2: 128, class: 'turning' }));
    const whiteFirst = viewer.game.f[0].split(' ')[1] === 'w';
    const firstMove = Number(viewer.game.f[0].split(' ')[5] || 1);
    a.n.forEach((nag, i) => {
      if (!nag || a.e[i + 1] === null) return;
      const mark = svgElement('circle', { cx: graphX(i + 1), cy: graphY(a.e[i + 1]), r: 4.5,
        class: 'mark ' + NAG_CLASS[nag], 'data-ply': i + 1, 'data-nag': nag, tabindex: 0 });
      const number = firstMove + Math.floor((i + (whiteFirst ? 0 : 1)) / 2);
      const white = (i % 2 === 0) === whiteFirst;
      const title = svgElement('title', {});
      title.textContent = number + (white ? '. ' : '... ') + viewer.game.m[i][0] + nag +
        ' (' + NAG_CLASS[nag] + ')' + (a.b[i] ? ', better ' + a.b[i] : '');
      mark.appendChild(title);
      mark.addEventListener('click', () => showPly(i + 1));
      mark.addEventListener('keydown', (e) => { if (e.key === 'Enter') showPly(i + 1); });
      svg.appendChild(mark);
    });
    svg.appendChild(svgElement('line', { x1: 4, x2: 4, y1: 2, y2: 128, class: 'cursor' }));
  }
  async function openGame(id) {
    const row = GAMES.find((g) => g[0] === id);
    const box = $('#viewer');
    box.hidden = false;
    box.dataset.loaded = 'false';
    viewer.id = id;
    document.querySelectorAll('#game-table tbody tr').forEach((tr) =>
      tr.classList.toggle('current', Number(tr.dataset.gameId) === id));
    if (!row || !(String(id) in PLIES)) {
      viewer.game = null;
      drawGraph();
      $('#viewer-title').textContent = 'Game ' + id + ' is not in this page\'s sample';
      return;
    }
    $('#viewer-title').textContent = 'Game ' + id + ': ' + row[2] + ' \u2013 ' + row[3] + ' ' +
      row[4] + ' (' + row[8] + ')';
    $('#fault-detail').textContent = row[9] ? 'Why: ' + row[9] : '';
    $('#fault-detail').hidden = !row[9];
    viewer.game = await inflate(PLIES[String(id)]);
    const moves = document.createDocumentFragment();
    const whiteFirst = viewer.game.f[0].split(' ')[1] === 'w';
    const firstMove = Number(viewer.game.f[0].split(' ')[5] || 1);
    viewer.game.m.forEach((m, i) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      const white = (i % 2 === 0) === whiteFirst;
      const number = firstMove + Math.floor((i + (whiteFirst ? 0 : 1)) / 2);
      const nag = viewer.game.a ? viewer.game.a.n[i] : '';
      button.textContent = (white ? number + '. ' : (i === 0 ? number + '... ' : '')) + m[0] + nag;
      if (nag) button.className = NAG_CLASS[nag];
      button.addEventListener('click', () => showPly(i + 1));
      li.appendChild(button);
      moves.appendChild(li);
    });
    $('#move-list').replaceChildren(moves);
    drawGraph();
    showPly(0);
    box.dataset.game = id;
    box.dataset.loaded = 'true';
    box.focus({ preventScroll: false });
  }
  function step(key) {
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (key in moves) showPly(viewer.ply + moves[key]);
    else if (key === 'Home') showPly(0);
    else if (key === 'End') showPly(Infinity);
    else return false;
    return true;
  }
  function followHash() {
    const match = /^#game-(\d+)$/.exec(location.hash);
    if (match) openGame(Number(match[1]));
  }

  // Wiring.
  $('#game-filter').addEventListener('input', (e) => { list.text = e.target.value; list.page = 0; renderList(); });
  // Charts with bands on demand: one series' band at a time, the other lines dimmed.
  const wireCharts = (root) => root.querySelectorAll('svg.bands-on-demand').forEach((svg) => {
    let pinned = null;
    const show = (series) => {
      svg.dataset.shown = series === null ? '' : series;
      svg.querySelectorAll('.band').forEach((b) => b.classList.toggle('shown', b.dataset.series === series));
      svg.querySelectorAll('.line').forEach((l) =>
        l.classList.toggle('dimmed', series !== null && l.dataset.series !== series));
    };
    svg.querySelectorAll('.legend-entry, .line').forEach((item) => {
      const series = item.dataset.series;
      item.addEventListener('mouseenter', () => show(series));
      item.addEventListener('mouseleave', () => show(pinned));
      item.addEventListener('focus', () => show(series));
      item.addEventListener('blur', () => show(pinned));
      item.addEventListener('click', () => { pinned = pinned === series ? null : series; show(pinned); });
      item.addEventListener('keydown', (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        pinned = pinned === series ? null : series;
        show(pinned);
      });
    });
  });
  wireCharts(document);
  $('#result-filter').addEventListener('change', (e) => { list.result = e.target.value; list.page = 0; renderList(); });
  $('#page-size').addEventListener('change', (e) => { list.size = Number(e.target.value); list.page = 0; renderList(); });
  $('#page-previous').addEventListener('click', () => { list.page--; renderList(); });
  $('#page-next').addEventListener('click', () => { list.page++; renderList(); });
  document.querySelectorAll('#game-table th button').forEach((button, i) =>
    button.addEventListener('click', () => {
      list.descending = list.column === i ? !list.descending : false;
      list.column = i;
      renderList();
    }));
  $('#game-table tbody').addEventListener('click', (e) => {
    const row = e.target.closest('tr');
    if (row && e.target.tagName !== 'A') location.hash = 'game-' + row.dataset.gameId;
  });
  $('#ply-first').addEventListener('click', () => showPly(0));
  $('#ply-back').addEventListener('click', () => showPly(viewer.ply - 1));
  $('#ply-forward').addEventListener('click', () => showPly(viewer.ply + 1));
  $('#ply-last').addEventListener('click', () => showPly(Infinity));
  // Keys step through the game while the viewer (or a button in it) has the focus.
  $('#viewer').addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (step(e.key)) e.preventDefault();
  });
  window.addEventListener('hashchange', followHash);
  list.size = Number($('#page-size').value);
  renderList();
  followHash();
  // The live page (live.js) puts newer sections and game data in place, then calls these.
  window.arbiterReport = {
    reload() {
      GAMES = JSON.parse($('#game-list').textContent);
      PLIES = JSON.parse($('#game-plies').textContent);
      renderList();
    },
    wireCharts,
  };
  document.body.dataset.ready = 'true';
})();
