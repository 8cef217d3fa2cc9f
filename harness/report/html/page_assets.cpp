// The report page's stylesheet, its script and the chess pieces, all inline. The script sorts,
// filters and pages the game list and draws the board from the FENs arbiter wrote; it knows no
// chess rules. Text colours keep a contrast ratio of at least 4.5 on their backgrounds.
#include <sstream>

#include "harness/report/html/page.h"

namespace arbiter::html {

const char* const PAGE_STYLE = R"css(
:root { color: #1a1a1a; background: #ffffff; font: 15px/1.45 system-ui, sans-serif; }
body { margin: 0 auto; max-width: 1120px; padding: 0 16px 32px; }
header nav ul { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; padding: 0; }
a { color: #0645ad; } a:visited { color: #5a3696; }
h1 { font-size: 1.6em; margin: 16px 0 4px; } h2 { margin-top: 32px; border-bottom: 1px solid #bbb; }
table { border-collapse: collapse; margin: 8px 0 12px; }
caption { text-align: left; color: #4a4a4a; padding-bottom: 4px; }
th, td { padding: 3px 8px; border-bottom: 1px solid #ddd; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.heat td { text-align: center; color: #111111; }
td.empty { color: #4a4a4a; }
.scroll { overflow-x: auto; max-width: 100%; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
details { margin: 4px 0 12px; } summary { cursor: pointer; color: #0645ad; }
tr.unbalanced th { font-weight: 700; }
.bar { display: inline-block; height: 10px; background: #1f5fa8; vertical-align: middle; }
svg.chart { display: block; max-width: 100%; height: auto; background: #ffffff; }
svg.chart text { fill: #222222; font-size: 12px; }
svg.chart .axis line { stroke: #dddddd; }
svg.chart .line { fill: none; stroke-width: 2; }
svg.chart .band { opacity: 0.15; }
svg.chart .reference { stroke: #555555; stroke-dasharray: 6 4; }
svg.chart .interval { stroke-width: 4; stroke-linecap: round; }
svg.chart .bound { stroke-dasharray: 4 3; }
.filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
input, select, button { font: inherit; color: #111111; }
button { background: #eeeeee; border: 1px solid #888888; border-radius: 4px; padding: 2px 8px; cursor: pointer; }
th button { background: none; border: none; padding: 0; font-weight: 700; }
#game-table tbody tr { cursor: pointer; } #game-table tbody tr:hover { background: #eef3fb; }
#game-table tbody tr.current { background: #ffe08a; }
.pager { margin: 4px 0 16px; }
#viewer { border: 1px solid #bbbbbb; border-radius: 6px; padding: 8px 12px; margin-top: 12px; }
#viewer:focus { outline: 3px solid #1f5fa8; }
.viewer-body { display: flex; flex-wrap: wrap; gap: 16px; }
#board { width: 360px; max-width: 100%; } #board svg { display: block; width: 100%; height: auto; }
.viewer-side { flex: 1 1 280px; min-width: 0; }
.controls button { min-width: 44px; min-height: 36px; }
#fen { font-family: ui-monospace, monospace; font-size: 13px; word-break: break-all; }
#move-list { max-height: 240px; overflow-y: auto; padding-left: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 2px 4px; }
#move-list button { background: none; border: 1px solid transparent; padding: 0 3px; }
#move-list button[aria-current="true"] { background: #ffe08a; border-color: #8a6500; }
footer { margin-top: 32px; color: #4a4a4a; }
@media (max-width: 700px) { body { padding: 0 8px 24px; } th, td { padding: 2px 4px; } }
)css";

const char* const PAGE_SCRIPT = R"js(
(() => {
  'use strict';
  const $ = (selector) => document.querySelector(selector);
  const GAMES = JSON.parse($('#game-list').textContent);
  const PLIES = JSON.parse($('#game-plies').textContent);
  const NUMERIC = [true, true, false, false, false, false, false, true];
  const list = { text: '', result: '', column: 0, descending: false, page: 0, size: 100 };
  const viewer = { id: null, game: null, ply: 0 };

  // The game list: filter, sort, page.
  function selectedGames() {
    const text = list.text.toLowerCase();
    const games = GAMES.filter((g) => (!list.result || g[4] === list.result) &&
      (!text || [g[2], g[3], g[5], g[6], g[8]].some((v) => String(v).toLowerCase().includes(text))));
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
      row.cells[5].title = g[8];
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
      const parts = [san + ' (' + uci + ')'];
      if (book) parts.push('book move');
      if (score) parts.push('score ' + score);
      if (depth !== null) parts.push('depth ' + depth);
      if (nodes !== null) parts.push(nodes + ' nodes');
      if (!book) parts.push(time + ' ms');
      info.textContent = 'Ply ' + viewer.ply + ': ' + parts.join(', ');
    }
    document.querySelectorAll('#move-list button').forEach((b, i) =>
      b.setAttribute('aria-current', String(i + 1 === viewer.ply)));
    $('#viewer').dataset.ply = viewer.ply;
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
      $('#viewer-title').textContent = 'Game ' + id + ' is not in this page\'s sample';
      return;
    }
    $('#viewer-title').textContent = 'Game ' + id + ': ' + row[2] + ' \u2013 ' + row[3] + ' ' +
      row[4] + ' (' + row[8] + ')';
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
      button.textContent = (white ? number + '. ' : (i === 0 ? number + '... ' : '')) + m[0];
      button.addEventListener('click', () => showPly(i + 1));
      li.appendChild(button);
      moves.appendChild(li);
    });
    $('#move-list').replaceChildren(moves);
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
  document.body.dataset.ready = 'true';
})();
)js";

std::string piece_symbols() {
    // Step 1. Six outlines on a 45 x 45 square, drawn for this page.
    struct Shape {
        char type;
        const char* body;    // filled with the side's colour
        const char* detail;  // lines drawn in the contrasting colour
    };
    static const Shape SHAPES[] = {
        {'P',
         "<circle cx='22.5' cy='14' r='5.5'/><path d='M15 35 L18.5 22 Q22.5 19 26.5 22 L30 35 "
         "Z'/><rect x='12' y='34' width='21' height='5' rx='1'/>",
         ""},
        {'R',
         "<path d='M12 39 h21 v-4 h-3 v-14 l3-3 v-7 h-4 v3 h-3 v-3 h-5 v3 h-3 v-3 h-4 v7 l3 3 v14 "
         "h-3 z'/>",
         "<path d='M15 21 h15 M15 35 h15'/>"},
        {'N',
         "<path d='M14 39 h21 c0-10 -2-18 -7-24 l-1-6 -3 4 c-7 1-12 7-14 14 l3 3 6-4 c1 4-3 8-5 13 "
         "z'/>",
         "<circle cx='19.5' cy='17' r='1.4'/>"},
        {'B',
         "<circle cx='22.5' cy='9' r='2.6'/><path d='M13 39 h19 l-3-5 c5-4 6-11 -6.5-21 c-12.5 10 "
         "-11.5 17 -6.5 21 z'/>",
         "<path d='M20 22 l5-5 M17 33 h11'/>"},
        {'Q',
         "<path d='M11 39 h23 l-2-6 3-17 -7 9 -3-14 -3 14 -3-14 -3 14 -7-9 3 17 z'/><circle "
         "cx='10' cy='15' r='2.2'/><circle cx='35' cy='15' r='2.2'/><circle cx='16.5' cy='10' "
         "r='2.2'/><circle cx='28.5' cy='10' r='2.2'/><circle cx='22.5' cy='9' r='2.2'/>",
         "<path d='M14 33 h17'/>"},
        {'K',
         "<path d='M12 39 h21 l-2-7 c5-4 4-12 -4-12 c-2 0-3.5 1-4.5 3 c-1-2-2.5-3-4.5-3 c-8 0-9 "
         "8-4 12 z'/><path d='M21 6 h3 v4 h4 v3 h-4 v7 h-3 v-7 h-4 v-3 h4 z'/>",
         "<path d='M15 32 h15'/>"},
    };
    // Step 2. A white and a black symbol of each.
    std::ostringstream out;
    out << "<svg aria-hidden=\"true\" width=\"0\" height=\"0\" style=\"position:absolute\"><defs>";
    for (const auto& shape : SHAPES) {
        for (bool white : {true, false}) {
            const char* fill = white ? "#ffffff" : "#1e1e1e";
            const char* line = white ? "#1e1e1e" : "#ffffff";
            out << "<symbol id=\"piece-" << (white ? 'w' : 'b') << shape.type
                << "\" viewBox=\"0 0 45 45\"><g fill=\"" << fill
                << "\" stroke=\"#1e1e1e\" stroke-width=\"1.5\" stroke-linejoin=\"round\">"
                << shape.body << "</g><g fill=\"" << line << "\" stroke=\"" << line
                << "\" stroke-width=\"1.5\" stroke-linecap=\"round\">" << shape.detail
                << "</g></symbol>";
        }
    }
    out << "</defs></svg>";
    return out.str();
}

}  // namespace arbiter::html
