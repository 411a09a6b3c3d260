// The replay page: draws the frames of the data block (see package
// replay) one at a time. It knows no game: the data names the marks,
// the scores and the words.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('data').textContent);
  const frames = data.frames;
  const rows = data.rows, cols = data.cols, cells = rows * cols;
  const $ = (id) => document.getElementById(id);

  // Boards: every SNAP-th frame's board is kept; any other is rebuilt
  // from the one before it, so that stepping back costs no more than
  // stepping on.
  const SNAP = 64;
  const snaps = [];
  {
    const b = Int32Array.from(data.board);
    frames.forEach((f, i) => {
      apply(b, f);
      if (i % SNAP === 0) snaps.push(b.slice());
    });
  }
  function apply(b, f) {
    const s = f.set;
    if (s) for (let j = 0; j < s.length; j += 2) b[s[j]] = s[j + 1];
  }
  let built = snaps[0].slice(), builtAt = 0;
  function boardAt(i) {
    if (i < builtAt || i - builtAt > SNAP) {
      const k = Math.floor(i / SNAP);
      built = snaps[k].slice();
      builtAt = k * SNAP;
    }
    while (builtAt < i) apply(built, frames[++builtAt]);
    return built;
  }

  // The first frame of every step, and the last.
  const stepStart = new Map(), stepEnd = new Map();
  frames.forEach((f, i) => {
    if (!stepStart.has(f.step)) stepStart.set(f.step, i);
    stepEnd.set(f.step, i);
  });

  // Colours, as classes c1, c2, ...
  {
    const css = [];
    for (const [c, s] of Object.entries(data.palette || {})) {
      css.push('.c' + c + '{background-color:' + s.fill + ';color:' + s.ink + '}');
    }
    const style = document.createElement('style');
    style.textContent = css.join('\n');
    document.head.appendChild(style);
  }

  const cellName = (r, c) => data.cellName.replace('%r', data.rowLabels[r]).replace('%c', data.colLabels[c]);

  // The board: a grid of labels and cells.
  const board = $('board');
  const cellEls = new Array(cells);
  {
    board.style.gridTemplateColumns = 'auto repeat(' + cols + ', var(--cell))';
    const frag = document.createDocumentFragment();
    const corner = document.createElement('div');
    corner.className = 'label corner';
    frag.appendChild(corner);
    for (let c = 0; c < cols; c++) {
      const l = document.createElement('div');
      l.className = 'label col';
      l.textContent = data.colLabels[c];
      frag.appendChild(l);
    }
    for (let r = 0; r < rows; r++) {
      const l = document.createElement('div');
      l.className = 'label row';
      l.textContent = data.rowLabels[r];
      frag.appendChild(l);
      for (let c = 0; c < cols; c++) {
        const el = document.createElement('div');
        el.className = 'cell e';
        el.dataset.i = r * cols + c;
        el.dataset.r = r;
        el.dataset.c = c;
        el.title = cellName(r, c);
        el.setAttribute('role', 'gridcell');
        cellEls[r * cols + c] = el;
        frag.appendChild(el);
      }
    }
    board.appendChild(frag);
  }

  // What each cell shows: its value and its marks.
  const shownValue = new Int32Array(cells).fill(-1);
  const shownMarks = new Array(cells).fill('');
  let marked = [];
  function drawCell(i, v, marks) {
    if (shownValue[i] === v && shownMarks[i] === marks) return;
    const el = cellEls[i];
    const colour = v >> 3, special = v & 7;
    el.className = 'cell ' + (v ? 'c' + colour : 'e') + marks;
    if (shownValue[i] !== v) {
      el.textContent = v ? String(colour) : '';
      if (special && data.specials[special]) {
        el.dataset.g = data.specials[special].glyph;
        el.title = cellName(Math.floor(i / cols), i % cols) + ': colour ' + colour + ', special ' + special + ' (' + data.specials[special].name + ')';
      } else {
        delete el.dataset.g;
        el.title = cellName(Math.floor(i / cols), i % cols) + (v ? ': colour ' + colour : ': empty');
      }
    }
    shownValue[i] = v;
    shownMarks[i] = marks;
  }

  function markClasses(f) {
    const m = new Map();
    for (const [id, list] of Object.entries(f.marks || {})) {
      for (const i of list) m.set(i, (m.get(i) || '') + ' m-' + id);
    }
    return m;
  }

  // The legend: the notation, then a sample of every mark and special.
  $('legend').textContent = data.legend;
  for (const el of document.querySelectorAll('.step-name')) el.textContent = data.step;
  $('op-prev').textContent = '\u25C0\u25C0 ' + data.step;
  $('op-next').textContent = data.step + ' \u25B6\u25B6';
  $('op-prev').title = 'previous ' + data.step + ' (Page Up or \u2191)';
  $('op-next').title = 'next ' + data.step + ' (Page Down or \u2193)';
  {
    const legend = $('marks-legend');
    const sample = Object.keys(data.palette || {})[0] || '0';
    const item = (cls, text, glyph) => {
      const d = document.createElement('span');
      d.className = 'item';
      const c = document.createElement('span');
      c.className = 'cell ' + cls;
      c.style.display = 'inline-flex';
      if (glyph) c.dataset.g = glyph;
      c.textContent = sample === '0' || cls.startsWith('e') ? '' : sample;
      d.appendChild(c);
      d.appendChild(document.createTextNode(text));
      legend.appendChild(d);
    };
    // A closing column is empty: its sample is an empty cell.
    for (const m of data.marks || []) item((m.id === 'close' ? 'e' : 'c' + sample) + ' m-' + m.id, m.name);
    (data.specials || []).forEach((s, i) => { if (i > 0) item('c' + sample, 'special ' + i + ': ' + s.name, s.glyph); });
    item('e', 'empty');
  }

  // The scoreboard.
  const scoreEls = [];
  for (const s of data.scores) {
    const dt = document.createElement('dt');
    dt.textContent = s.label;
    const dd = document.createElement('dd');
    dd.id = 'score-' + s.id;
    $('scores').append(dt, dd);
    scoreEls.push(dd);
  }

  // A divergence: the answers side by side, and its step marked.
  const div = data.divergence;
  if (div) {
    $('divergence').hidden = false;
    $('divergence-headline').textContent = div.headline + ' (program: ' + div.program + ')';
    const body = $('answers').tBodies[0];
    for (const a of div.answers || []) {
      const tr = body.insertRow();
      tr.insertCell().textContent = a.what;
      const p = tr.insertCell();
      p.textContent = a.program;
      p.className = 'program';
      tr.insertCell().textContent = a.reference;
    }
    if (stepStart.has(div.step)) {
      const o = document.createElement('option');
      o.value = stepStart.get(div.step);
      $('slider-marks').appendChild(o);
      $('go-divergence').onclick = () => go(stepStart.get(div.step));
    } else {
      $('go-divergence').hidden = true;
    }
  }

  const slider = $('slider');
  slider.max = frames.length - 1;
  let now = -1;

  function go(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    const f = frames[i];
    const b = boardAt(i);
    const marks = markClasses(f);
    for (const j of marked) if (!marks.has(j)) drawCell(j, b[j], '');
    if (now < 0) {
      for (let j = 0; j < cells; j++) drawCell(j, b[j], marks.get(j) || '');
    } else {
      // Only cells whose value changed since the frame shown, or whose
      // marks did, are drawn again.
      for (let j = 0; j < cells; j++) if (shownValue[j] !== b[j]) drawCell(j, b[j], marks.get(j) || '');
      for (const [j, m] of marks) drawCell(j, b[j], m);
    }
    marked = [...marks.keys()];
    now = i;

    $('frame-title').textContent = f.title;
    const text = $('frame-text');
    text.replaceChildren(...(f.text || []).map((t) => {
      const li = document.createElement('li');
      li.textContent = t;
      return li;
    }));
    drawTable(f.table);
    f.scores.forEach((v, k) => { scoreEls[k].textContent = String(v); });

    const diverging = !!div && f.step === div.step;
    document.body.classList.toggle('diverging', diverging);
    const banner = $('banner');
    banner.hidden = !diverging;
    if (diverging) {
      banner.textContent = 'first diverging ' + data.step + (div.step > 0 ? ' ' + div.step : ': none, the case without ' + data.step + 's') +
        (div.answers || []).slice(0, 1).map((a) => ': ' + a.what + ', program ' + a.program + ', reference ' + a.reference).join('');
    }
    document.body.dataset.step = f.step;
    document.body.dataset.frame = i;
    slider.value = i;
    try {
      history.replaceState(null, '', '#step-' + (i + 1));
    } catch (e) {
      // Some browsers refuse it on a file: address; the page works without.
    }
    const where = f.step === 0 ? 'start' : f.step > data.steps ? 'end' : data.step + ' ' + f.step + ' of ' + data.steps;
    $('position').textContent = 'step ' + (i + 1) + ' of ' + frames.length + ' \u00B7 ' + where;
  }

  function drawTable(t) {
    const box = $('frame-table');
    box.replaceChildren();
    if (!t) return;
    const table = document.createElement('table');
    table.createCaption().textContent = t.caption;
    const head = table.createTHead().insertRow();
    for (const h of t.head) {
      const th = document.createElement('th');
      th.textContent = h;
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (const row of t.rows) {
      const tr = body.insertRow();
      for (const chips of row) {
        const td = tr.insertCell();
        for (const ch of chips) {
          const s = document.createElement('span');
          s.textContent = ch.t;
          if (ch.c) s.className = 'chip c' + ch.c + (ch.x ? ' chosen' : '');
          td.appendChild(s);
        }
      }
    }
    box.appendChild(table);
  }

  // Navigation.
  const stepOf = (i) => frames[i].step;
  function nextStep() {
    const s = stepOf(now);
    for (let i = now + 1; i < frames.length; i++) if (stepOf(i) > s) return go(i);
    go(frames.length - 1);
  }
  function prevStep() {
    const start = stepStart.get(stepOf(now));
    if (now > start) return go(start);
    if (now > 0) go(stepStart.get(stepOf(now - 1)));
  }
  $('first').onclick = () => go(0);
  $('last').onclick = () => go(frames.length - 1);
  $('step-prev').onclick = () => go(now - 1);
  $('step-next').onclick = () => go(now + 1);
  $('op-prev').onclick = prevStep;
  $('op-next').onclick = nextStep;
  slider.oninput = () => go(Number(slider.value));

  // Zoom: the size of a cell, in pixels.
  let size = 24;
  function zoom(px) {
    size = Math.max(3, Math.min(64, Math.round(px)));
    document.documentElement.style.setProperty('--cell', size + 'px');
    board.classList.toggle('tiny', size < 11);
  }
  function fit() {
    const wide = Math.max(320, document.documentElement.clientWidth - 40);
    const beside = wide > 960 ? 420 : 0; // the panel beside the board
    const fitting = Math.floor((wide - beside - 40) / cols);
    // A board up to 60 cells wide keeps its numbers readable and
    // scrolls when the window is narrow; a larger one fits the window
    // down to 10 pixels a cell, then scrolls.
    zoom(Math.max(cols <= 60 ? 16 : 10, Math.min(48, fitting)));
  }
  $('zoom-in').onclick = () => zoom(size * 1.25);
  $('zoom-out').onclick = () => zoom(size / 1.25);
  $('zoom-fit').onclick = fit;

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target === slider && (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key.startsWith('Page'))) return;
    const keys = {
      ArrowRight: () => go(now + 1),
      ArrowLeft: () => go(now - 1),
      ArrowDown: nextStep,
      PageDown: nextStep,
      ArrowUp: prevStep,
      PageUp: prevStep,
      Home: () => go(0),
      End: () => go(frames.length - 1),
      '+': () => zoom(size * 1.25),
      '=': () => zoom(size * 1.25),
      '-': () => zoom(size / 1.25),
      '0': fit,
    };
    const k = keys[e.key];
    if (k) {
      e.preventDefault();
      k();
    }
  });

  // The address names the step shown, #step-N, so that a step can be
  // linked and the page reloaded on it.
  const named = /^#step-(\d+)$/.exec(location.hash);
  fit();
  go(named ? Number(named[1]) - 1 : 0);
  document.body.dataset.ready = 'true';
})();
