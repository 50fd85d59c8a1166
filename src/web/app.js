// taquin serve's page: set a board, solve it (animated), compare the algorithms, play. Talks to
// the server's JSON API only (docs/serve.md); no library, no other network resource.
'use strict';

const $ = (id) => document.getElementById(id);

// What the page shows: the board, its goal and the tiles' colours (from the server: the CLI's).
const state = {
  rows: 3,           // the board's shape
  cols: 3,
  tiles: [],
  goal: [],
  colours: [],
  solvable: true,
  tab: 'solve',
  selected: -1,      // edit mode: the cell clicked first
  boardAsked: 0,     // boards asked of the server: only the last answer is shown
  boardText: '',     // what the page last wrote in the text box: other text is the user's
  search: null,      // id of the running solve
  compare: null,     // id of the running compare
  player: null,      // the solution being shown: {path, moves, step, timer}
  play: {history: [], solution: null, distance: null, asked: 0},
};

// ---- the API -------------------------------------------------------------------------------

// Calls the API; resolves to the JSON answer (200 or 202), rejects with its "error" message.
async function api(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = {error: response.status + ' ' + response.statusText};
  }
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error : response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A board as the API takes it: text as it is; tiles of the board's shape (state.rows x
// state.cols) as a flat array for a square, as rows for a rectangle.
function boardParam(board) {
  if (!Array.isArray(board) || state.rows === state.cols || board.length !== state.rows * state.cols)
    return board;
  const rows = [];
  for (let r = 0; r < state.rows; ++r) rows.push(board.slice(r * state.cols, (r + 1) * state.cols));
  return rows;
}

// The goal as the API takes it: a name, or the custom goal's tiles.
function goalParam() {
  const name = $('goal').value;
  return name === 'custom' ? $('custom-goal').value : name;
}

// Polls search `id` until it is done, calling `onProgress` with each snapshot; returns the last.
async function follow(id, onProgress) {
  for (;;) {
    const snap = await api('GET', '/api/searches/' + id);
    onProgress(snap);
    if (snap.state === 'done') return snap;
    await sleep(200);
  }
}

// ---- the board -----------------------------------------------------------------------------

const fmt = (n) => Number(n).toLocaleString('en-US');

// Draws `tiles` on the board: one element per tile, kept from one drawing to the next so that a
// tile that changes cell slides there (CSS transition).
function drawBoard(tiles, highlight) {
  const board = $('board');
  const rows = state.rows, cols = state.cols;
  if (board.dataset.rows !== String(rows) || board.dataset.cols !== String(cols) ||
      board.children.length !== tiles.length) {
    board.textContent = '';
    board.dataset.rows = rows;
    board.dataset.cols = cols;
    board.dataset.side = cols;  // the columns: a square's side
    board.style.setProperty('--rows', rows);
    board.style.setProperty('--cols', cols);
    board.style.setProperty('--most', Math.max(rows, cols));
    for (let t = 0; t < tiles.length; ++t) {
      const el = document.createElement('div');
      el.className = 'tile';
      el.dataset.tile = t;
      if (t !== 0) {
        const label = document.createElement('span');
        label.textContent = t;
        el.appendChild(label);
      } else {
        el.classList.add('blank');
      }
      el.addEventListener('click', () => clickTile(t));
      board.appendChild(el);
    }
  }
  tiles.forEach((tile, cell) => {
    const el = board.children[tile];
    const row = Math.floor(cell / cols);
    const col = cell % cols;
    el.style.transform = `translate(${col * 100}%, ${row * 100}%)`;
    el.dataset.cell = cell;
    el.style.backgroundColor = tile === 0 ? '' : state.colours[tile] || '#ddd';
    el.classList.toggle('misplaced', tile !== 0 && state.goal.length === tiles.length &&
                                         state.goal[cell] !== tile);
    el.classList.toggle('selected', state.selected === cell && state.tab !== 'play');
    el.classList.toggle('hinted', highlight === tile);
  });
}

// Sets the board (any form the API reads) and asks the server for its tiles, goal, colours and
// solvability; the solve and the game start over. `newBoard`: a board the user just chose (loaded
// from the text box, clicked, dealt), whose answer rewrites the text box even where they typed in
// it; false when only the goal changed.
async function setBoard(board, newBoard = true) {
  const asked = ++state.boardAsked;
  try {
    const rec = await api('POST', '/api/check', {board: boardParam(board), goal: goalParam()});
    if (asked !== state.boardAsked) return false;  // a later board (or goal) was asked for
    applyCheck(rec, newBoard);
    return true;
  } catch (e) {
    showVerdict(e.message, 'bad');
    return false;
  }
}

function applyCheck(rec, newBoard) {
  stopPlayer();
  clearResult();
  state.rows = rec.rows;
  state.cols = rec.cols;
  state.tiles = rec.board;
  state.goal = rec.goal;
  state.colours = rec.colours;
  state.solvable = rec.solvable;
  state.selected = -1;
  $('rows').value = String(rec.rows);
  $('cols').value = String(rec.cols);
  resetGame();
  drawBoard(state.tiles);
  showBoardText(state.tiles, newBoard);
  if (rec.solvable) showVerdict(`solvable: this board can reach the ${rec.goal_name} goal`, 'good');
  else showVerdict(`unsolvable: this board cannot reach the goal (parity)${rec.note || ''}`, 'bad');
}

function showVerdict(text, kind) {
  const v = $('verdict');
  v.textContent = text;
  v.className = 'verdict ' + (kind || '');
}

// Writes `tiles` in the text box, unless the user has typed there since the page last wrote it
// (a goal changed or an answer came while they typed must not erase their board) and `force`
// is false.
function showBoardText(tiles, force) {
  const box = $('board-text');
  if (!force && box.value !== state.boardText) return;
  state.boardText = format42(tiles);
  box.value = state.boardText;
}

// The board in the 42 format, a rectangle with its "R C" line (what the text box shows).
function format42(tiles) {
  const cols = state.cols;
  const width = String(tiles.length - 1).length;
  const rows = [state.rows === cols ? String(cols) : `${state.rows} ${cols}`];
  for (let r = 0; r < state.rows; ++r)
    rows.push(tiles.slice(r * cols, r * cols + cols).map((t) => String(t).padStart(width)).join(' '));
  return rows.join('\n');
}

async function generate(kind) {
  const asked = ++state.boardAsked;
  try {
    const steps = Math.max(0, Math.min(10000, parseInt($('walk-steps').value, 10) || 0));
    const rec = await api('POST', '/api/generate',
                          {size: `${$('rows').value}x${$('cols').value}`, goal: goalParam(), kind,
                           steps});
    if (asked !== state.boardAsked) return;
    applyCheck(rec, true);
  } catch (e) {
    showVerdict(e.message, 'bad');
  }
}

function clickTile(tile) {
  if (state.player) {
    // A click on the solution shown brings the board being edited back.
    stopPlayer();
    return;
  }
  const cell = state.tiles.indexOf(tile);
  if (state.tab === 'play') {
    slideCell(cell);
    return;
  }
  if (state.selected < 0) {
    state.selected = cell;
    drawBoard(state.tiles);
    return;
  }
  const tiles = state.tiles.slice();
  [tiles[state.selected], tiles[cell]] = [tiles[cell], tiles[state.selected]];
  state.selected = -1;
  setBoard(tiles);
}

// ---- solve ---------------------------------------------------------------------------------

function clearResult() {
  $('result').hidden = true;
  $('solve-error').hidden = true;
}

function progressText(snap) {
  const p = snap.progress;
  let text = `searching… ${snap.seconds.toFixed(1)} s`;
  if (p.iterations > 0)
    text += ` · IDA* iteration ${p.iterations} (bound ${p.bound} done)` +
            ` · ${fmt(p.nodes_expanded)} nodes expanded` +
            ` · ${fmt(Math.round(p.nodes_per_second))} nodes/s` +
            ` · no solution under ${p.lower_bound} moves`;
  if (snap.state === 'stopping') text += ' · stopping…';
  return text;
}

async function solve() {
  if (state.search) return;
  stopPlayer();
  clearResult();
  const body = {board: boardParam(state.tiles), goal: goalParam(), algorithm: $('algorithm').value || null,
                heuristic: $('heuristic').value || null, async: true};
  const progress = $('progress');
  $('solve').disabled = true;
  progress.textContent = 'searching…';
  progress.hidden = false;
  try {
    const started = await api('POST', '/api/solve', body);
    state.search = started.id;
    $('stop').disabled = false;
    document.body.dataset.solve = 'searching';
    const snap = await follow(started.id, (s) => { progress.textContent = progressText(s); });
    if (snap.status !== 200) throw new Error(snap.result.error || 'error ' + snap.status);
    showResult(snap.result);
  } catch (e) {
    $('solve-error').textContent = e.message;
    $('solve-error').hidden = false;
    document.body.dataset.solve = 'error';
  } finally {
    state.search = null;
    $('stop').disabled = true;
    $('solve').disabled = false;
    progress.hidden = true;
  }
}

async function stopSearch() {
  if (!state.search) return;
  $('stop').disabled = true;
  try {
    await api('DELETE', '/api/searches/' + state.search);
  } catch (e) {
    // finished meanwhile
  }
}

const OUTCOMES = {
  'memory-limit': 'stopped at the memory limit',
  'node-limit': 'stopped at the node limit',
  'time-limit': 'stopped at the time limit',
  'cancelled': 'stopped',
};

function showResult(rec) {
  $('result').hidden = false;
  const summary = $('summary');
  summary.textContent = '';
  const add = (tag, text, id) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (id) el.id = id;
    summary.appendChild(el);
  };
  if (rec.outcome === 'solved') {
    add('span', 'solved by ');
    add('b', rec.algorithm, 'algorithm-used');
    add('span', ' in ');
    add('b', String(rec.length), 'length');
    add('span', rec.length === 1 ? ' move ' : ' moves ');
    add('span', rec.optimal ? '(optimal)' : '(not proven optimal)', 'optimality');
    if (!rec.optimal && rec.lower_bound !== null && rec.lower_bound !== undefined) {
      add('span', '; every solution has at least ');
      add('b', String(rec.lower_bound), 'lower-bound');
      add('span', ' moves');
    }
  } else if (rec.outcome === 'unsolvable') {
    add('span', 'unsolvable: this board cannot reach the goal (parity); no search made' +
                (rec.note || ''));
  } else {
    add('span', `not solved: ${OUTCOMES[rec.outcome] || rec.outcome}; every solution has at least `);
    add('b', String(rec.lower_bound), 'lower-bound');
    add('span', ' moves');
  }
  document.body.dataset.solve = rec.outcome;
  const rows = [
    ['algorithm', rec.algorithm],
    ['heuristic', rec.heuristic],
    ['threads', rec.threads],
    ['states selected (complexity in time)', fmt(rec.states_selected)],
    ['max states in memory (complexity in size)', fmt(rec.max_states_in_memory)],
    ['nodes expanded', fmt(rec.nodes_expanded)],
    ['nodes generated', fmt(rec.nodes_generated)],
  ];
  if (rec.algorithm === 'ida') rows.push(['iterations', rec.iterations]);
  rows.push(['seconds', rec.seconds.toFixed(6)],
            ['nodes expanded per second', fmt(Math.round(rec.nodes_per_second))]);
  if (rec.notice) rows.push(['note', rec.notice]);
  if (rec.algorithm_reason) rows.push(['why this algorithm', rec.algorithm_reason]);
  const table = $('stats');
  table.textContent = '';
  for (const [name, value] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = name;
    tr.insertCell().textContent = value;
  }
  if (rec.outcome === 'solved') startPlayer(rec.path, rec.moves);
  else $('player').hidden = true;
}

// ---- the animation -------------------------------------------------------------------------

function startPlayer(path, moves) {
  state.player = {path, moves, step: 0, timer: null};
  $('player').hidden = false;
  $('steps').textContent = moves.length;
  const list = $('moves');
  list.textContent = '';
  [...moves].forEach((letter, i) => {
    const el = document.createElement('span');
    el.textContent = letter;
    el.title = `move ${i + 1}`;
    el.addEventListener('click', () => { pause(); showStep(i + 1); });
    list.appendChild(el);
  });
  showStep(0);
  play();
}

function speed() {
  return Number($('speed').value);
}

function showStep(step) {
  const p = state.player;
  if (!p) return;
  p.step = Math.max(0, Math.min(step, p.moves.length));
  const board = $('board');
  board.style.setProperty('--slide', Math.min(250, 800 / speed()) + 'ms');
  drawBoard(p.path[p.step]);
  $('step').textContent = p.step;
  [...$('moves').children].forEach((el, i) => {
    el.classList.toggle('done', i < p.step - 1);
    el.classList.toggle('current', i === p.step - 1);
  });
  const current = $('moves').children[p.step - 1];
  if (current && current.scrollIntoView) current.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const atEnd = p.step === p.moves.length;
  document.body.dataset.player = atEnd ? 'end' : p.timer ? 'playing' : 'paused';
}

function play() {
  const p = state.player;
  if (!p) return;
  if (p.step === p.moves.length) showStep(0);
  clearInterval(p.timer);
  p.timer = setInterval(() => {
    if (p.step >= p.moves.length) {
      pause();
      return;
    }
    showStep(p.step + 1);
  }, 1000 / speed());
  $('play').textContent = 'pause';
  document.body.dataset.player = 'playing';
}

function pause() {
  const p = state.player;
  if (!p) return;
  clearInterval(p.timer);
  p.timer = null;
  $('play').textContent = 'play';
  showStep(p.step);
}

function stopPlayer() {
  if (!state.player) return;
  clearInterval(state.player.timer);
  state.player = null;
  $('play').textContent = 'play';
  $('board').style.setProperty('--slide', '150ms');
  document.body.dataset.player = '';
  if (state.tiles.length) drawBoard(state.tiles);
}

// ---- compare -------------------------------------------------------------------------------

const COMPARE_COLUMNS = ['algorithm', 'heuristic', 'length', 'optimal', 'selected', 'in memory',
                         'expanded', 'generated', 'seconds'];

function drawCompare(rows) {
  const table = $('compare-table');
  table.textContent = '';
  const head = table.createTHead().insertRow();
  for (const c of COMPARE_COLUMNS) {
    const th = document.createElement('th');
    th.textContent = c;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    const cells = [r.algorithm, r.heuristic, r.outcome === 'solved' ? r.length : r.outcome,
                   r.outcome !== 'solved' ? '-' : r.optimal ? 'yes' : 'no',
                   fmt(r.states_selected), fmt(r.max_states_in_memory), fmt(r.nodes_expanded),
                   fmt(r.nodes_generated), r.seconds.toFixed(4)];
    cells.forEach((v, i) => {
      const td = tr.insertCell();
      td.textContent = v;
      if (i >= 2) td.className = 'num';
    });
    if (r.outcome !== 'solved') tr.className = 'unsolved';
  }
  drawChart(rows);
}

const SVG = 'http://www.w3.org/2000/svg';
const ALGORITHM_COLOURS = {bfs: '#7b61ff', uniform: '#4f9dde', astar: '#2fb380', greedy: '#f0a030',
                           ida: '#e0457b'};

// A bar of nodes expanded per run, on a log scale (the picture of what a heuristic saves).
function drawChart(rows) {
  const chart = $('chart');
  chart.textContent = '';
  if (!rows.length) return;
  const labelWidth = 150, barWidth = 420, rowHeight = 22, top = 24;
  const max = Math.max(10, ...rows.map((r) => r.nodes_expanded));
  const decades = Math.ceil(Math.log10(max + 1));
  const x = (n) => labelWidth + barWidth * Math.log10(n + 1) / decades;
  const svg = document.createElementNS(SVG, 'svg');
  const height = top + rows.length * rowHeight + 8;
  svg.setAttribute('viewBox', `0 0 ${labelWidth + barWidth + 90} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'nodes expanded by each run, log scale');
  const el = (tag, attrs, text) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  el('text', {x: labelWidth, y: 14, class: 'axis-title'}, 'nodes expanded (log scale)');
  for (let d = 0; d <= decades; ++d) {
    const gx = labelWidth + barWidth * d / decades;
    el('line', {x1: gx, y1: top - 4, x2: gx, y2: height - 6, class: 'grid'});
    el('text', {x: gx, y: height, class: 'tick'}, d === 0 ? '1' : '1e' + d);
  }
  rows.forEach((r, i) => {
    const y = top + i * rowHeight;
    el('text', {x: labelWidth - 6, y: y + 14, class: 'bar-label'}, `${r.algorithm} ${r.heuristic}`);
    const w = Math.max(1, x(r.nodes_expanded) - labelWidth);
    el('rect', {x: labelWidth, y: y + 3, width: w, height: rowHeight - 6, rx: 3,
                fill: ALGORITHM_COLOURS[r.algorithm] || '#888',
                class: r.outcome === 'solved' ? 'bar' : 'bar unsolved'});
    const note = r.outcome === 'solved' ? fmt(r.nodes_expanded) : `${fmt(r.nodes_expanded)} (${r.outcome})`;
    el('text', {x: labelWidth + w + 4, y: y + 14, class: 'bar-value'}, note);
  });
  chart.appendChild(svg);
}

async function compare() {
  if (state.compare) return;
  const progress = $('compare-progress');
  $('compare-error').hidden = true;
  $('compare').disabled = true;
  drawCompare([]);
  try {
    const started = await api('POST', '/api/compare',
                              {board: boardParam(state.tiles), goal: goalParam(), async: true});
    state.compare = started.id;
    $('compare-stop').disabled = false;
    progress.hidden = false;
    const snap = await follow(started.id, (s) => {
      progress.textContent = s.state === 'done' ? '' :
          `running… ${s.rows.length} of ${s.rows_total || '?'} runs done, ${s.seconds.toFixed(1)} s`;
      drawCompare(s.rows);
    });
    if (snap.status !== 200) throw new Error(snap.result.error || 'error ' + snap.status);
    if (!snap.result.solvable)
      throw new Error('unsolvable: this board cannot reach the goal (parity)' + (snap.result.note || ''));
    drawCompare(snap.result.rows);
  } catch (e) {
    $('compare-error').textContent = e.message;
    $('compare-error').hidden = false;
  } finally {
    state.compare = null;
    progress.hidden = true;
    $('compare').disabled = false;
    $('compare-stop').disabled = true;
  }
}

// ---- play ----------------------------------------------------------------------------------

function resetGame() {
  state.play = {history: [], solution: null, distance: null, asked: state.play.asked + 1};
  $('play-moves').textContent = '0';
  $('play-message').textContent = '';
  if (state.tab === 'play') askDistance();
  else $('play-distance').textContent = '…';
}

const DELTA = {U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1]};
const OPPOSITE = {U: 'D', D: 'U', L: 'R', R: 'L'};

// The blank's move that slides the tile on `cell`, or null when it is not next to the blank.
function moveOf(cell) {
  const rows = state.rows, cols = state.cols;
  const blank = state.tiles.indexOf(0);
  for (const [m, [dr, dc]] of Object.entries(DELTA)) {
    const r = Math.floor(blank / cols) + dr, c = (blank % cols) + dc;
    if (r >= 0 && r < rows && c >= 0 && c < cols && r * cols + c === cell) return m;
  }
  return null;
}

function slideCell(cell) {
  const move = moveOf(cell);
  if (move) applyMove(move, true);
}

// Moves the blank by `move` in the game.
function applyMove(move, record) {
  const rows = state.rows, cols = state.cols;
  const blank = state.tiles.indexOf(0);
  const [dr, dc] = DELTA[move];
  const r = Math.floor(blank / cols) + dr, c = (blank % cols) + dc;
  if (r < 0 || r >= rows || c < 0 || c >= cols) return;
  const tiles = state.tiles.slice();
  tiles[blank] = tiles[r * cols + c];
  tiles[r * cols + c] = 0;
  state.tiles = tiles;
  const p = state.play;
  if (record) p.history.push(move);
  $('play-moves').textContent = p.history.length;
  $('play-message').textContent = '';
  drawBoard(tiles);
  showBoardText(tiles, false);
  if (p.solution && p.solution[0] === move && state.rows * state.cols <= 25) {
    p.solution = p.solution.slice(1);
    p.distance = p.solution.length;
    $('play-distance').textContent = p.distance;
  } else {
    askDistance();
  }
  if (tiles.every((t, i) => t === state.goal[i])) {
    $('play-message').textContent = `solved in ${p.history.length} moves!`;
    $('play-message').className = 'verdict good';
  }
}

// Asks the server for a solution of the board as it stands (the distance and the hint): optimal
// up to 25 cells, the default's above within a second (then the distance is at most its length).
async function askDistance() {
  const p = state.play;
  const asked = ++p.asked;
  $('play-distance').textContent = '…';
  if (!state.solvable) {
    $('play-distance').textContent = 'none (unsolvable)';
    return;
  }
  for (let attempt = 0; attempt < 30; ++attempt) {
    try {
      const rec = await api('POST', '/api/solve', {board: boardParam(state.tiles), goal: goalParam(),
                                                   algorithm: null,
                                                   max_seconds: state.rows * state.cols > 25 ? 1 : 20});
      if (asked !== state.play.asked) return;
      if (rec.outcome === 'solved') {
        p.solution = rec.moves;
        p.distance = rec.length;
        $('play-distance').textContent =
            rec.optimal ? rec.length : `at most ${rec.length} (at least ${rec.lower_bound})`;
      } else {
        $('play-distance').textContent = `at least ${rec.lower_bound}`;
      }
      return;
    } catch (e) {
      if (asked !== state.play.asked) return;
      if (e.status !== 503) {
        $('play-distance').textContent = '?';
        $('play-message').textContent = e.message;
        return;
      }
      await sleep(1000);  // busy: the server's Retry-After
    }
  }
}

function hint() {
  const p = state.play;
  if (!p.solution) {
    $('play-message').textContent = 'thinking…';
    return;
  }
  if (!p.solution.length) {
    $('play-message').textContent = 'solved';
    return;
  }
  const move = p.solution[0];
  const cols = state.cols;
  const blank = state.tiles.indexOf(0);
  const [dr, dc] = DELTA[move];
  const tile = state.tiles[(Math.floor(blank / cols) + dr) * cols + (blank % cols) + dc];
  const where = {U: 'down', D: 'up', L: 'right', R: 'left'}[move];
  $('play-message').textContent = `hint: slide tile ${tile} ${where}`;
  $('play-message').className = 'verdict';
  drawBoard(state.tiles, tile);
}

function undo() {
  const p = state.play;
  if (!p.history.length) return;
  const move = p.history.pop();
  applyMove(OPPOSITE[move], false);
}

// ---- wiring --------------------------------------------------------------------------------

function selectTab(tab) {
  state.tab = tab;
  state.selected = -1;
  for (const b of document.querySelectorAll('.tabs button'))
    b.classList.toggle('active', b.dataset.tab === tab);
  for (const name of ['solve', 'compare', 'play']) $('tab-' + name).hidden = name !== tab;
  document.body.dataset.tab = tab;
  $('board-hint').textContent = tab === 'play'
      ? 'Click a tile next to the blank to slide it.'
      : 'Click two tiles to swap them.';
  if (tab === 'play') {
    stopPlayer();
    if (state.play.distance === null) askDistance();
  }
  drawBoard(state.tiles);
}

function init() {
  $('rows').addEventListener('change', () => generate('solvable'));
  $('cols').addEventListener('change', () => generate('solvable'));
  $('goal').addEventListener('change', () => {
    const custom = $('goal').value === 'custom';
    $('custom-goal-row').hidden = !custom;
    if (!custom) setBoard(state.tiles, false);
  });
  $('use-goal').addEventListener('click', () => setBoard(state.tiles, false));
  $('shuffle').addEventListener('click', () => generate('solvable'));
  $('walk').addEventListener('click', () => generate('walk'));
  $('to-goal').addEventListener('click', () => setBoard(state.goal));
  $('load').addEventListener('click', () => setBoard($('board-text').value));
  $('solve').addEventListener('click', solve);
  $('stop').addEventListener('click', stopSearch);
  const step = (to) => () => {
    if (!state.player) return;
    pause();
    showStep(to(state.player.step));
  };
  $('first').addEventListener('click', step(() => 0));
  $('back').addEventListener('click', step((s) => s - 1));
  $('forward').addEventListener('click', step((s) => s + 1));
  $('last').addEventListener('click', step(() => Infinity));
  $('play').addEventListener('click', () => {
    if (state.player && state.player.timer) pause();
    else play();
  });
  $('speed').addEventListener('input', () => {
    $('speed-value').textContent = speed();
    if (state.player && state.player.timer) play();
  });
  $('compare').addEventListener('click', compare);
  $('compare-stop').addEventListener('click', () => {
    if (state.compare) api('DELETE', '/api/searches/' + state.compare).catch(() => {});
  });
  $('hint').addEventListener('click', hint);
  $('undo').addEventListener('click', undo);
  for (const b of document.querySelectorAll('.tabs button'))
    b.addEventListener('click', () => selectTab(b.dataset.tab));
  document.addEventListener('keydown', (e) => {
    if (state.tab !== 'play' || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    // An arrow names where a tile slides: the blank goes the other way.
    const move = {ArrowUp: 'D', ArrowDown: 'U', ArrowLeft: 'R', ArrowRight: 'L'}[e.key];
    if (!move) return;
    e.preventDefault();
    applyMove(move, true);
  });
  document.body.dataset.tab = 'solve';
  generate('solvable');
}

init();
