// cascade_stream: serve a SameGame or match-3 solution to cascade check.
//
// One solution, written as a function from a case's text to its score,
// serves every protocol of `cascade check` (SPEC.md, "Programs under test"):
//
//     const { serve } = require("./cascade_stream");
//     serve((text) => {
//       ...                       // parse text, play the game
//       return total;             // a number, a BigInt, { running, total, boards },
//     });                         // or { board } (answer=board)
//
// Run it as `cascade check --game samegame --impl 'node solution.js'`,
// adding --stream (one process for many cases) and/or --steps (a step line
// after every move) as you like; the program needs no change. Node's
// standard library only.
//
// Input. serve reads standard input as it arrives and cuts it into cases by
// the statements' own counts, answering each as soon as its last line is in:
//
// - blank lines before a case are skipped;
// - a first line holding one integer N starts a SameGame case: N rows, a
//   line with K, then as many lines as hold 2K integers (separated by commas
//   and/or white space; with K = 0 the case ends at the K line);
// - under a SameGame rule set (the environment variable CASCADE_RULES is
//   set), a first line holding two integers W H starts a SameGame case of H
//   rows, read as above;
// - else a first line holding two integers or more starts a match-3 case: the
//   integers n m k q, then as many lines as hold 2*n*m + 4*q more; under a
//   match-3 rule set that refills from queues (CASCADE_RULES holds
//   refill=queue), the queues come between the specials and the
//   operations: m lengths L, each followed by its L colours, then the
//   specials of all those pieces;
// - anything else makes the rest of the input one case, for solve to reject.
//
// solve is called with the case's exact text: every line from the first one
// on, line ends (LF or CRLF) included, blank lines inside included. Should
// the input end inside a case, what was read of it is the last case.
//
// Output. solve returns the score as a number (a safe integer) or a BigInt
// (scores are 64-bit: past 2^53 only a BigInt is exact), or an object
// { running, total, boards }. Under a match-3 rule set whose answer is the
// final board (answer=board, as LeetCode 723's), it returns { board } or
// { running, boards, board }: board is the final board's n rows of colours,
// 0 for an empty cell, and is the answer in place of the total. The
// environment variable CASCADE_PROTOCOL (set by cascade: judge, stream,
// steps or "stream steps"; absent means judge) decides what is printed:
//
// - without "steps": the total, one integer on a line, or the final board:
//   its n rows of m colours separated by one blank;
// - with "steps": `step I RUNNING` for every move, each followed by the
//   board after it when one is given, then `total TOTAL`, or, in place of
//   that line, `board` and the final board's rows. A plain number or a
//   { board } prints only the last line(s), which cascade accepts for a
//   case without moves only.
//
// running is an array of running totals, one per move; boards is optional,
// one entry per move (the array may be shorter): null (no board after that
// move), a string (printed as it is) or an array of rows. A row is a string,
// or an array of integers: written as digits side by side for SameGame (N
// rows of N digits, top row first, 0 for an empty cell) and separated by
// spaces for match-3 (n rows of colours, then n rows of specials). Building
// a board after every move costs N*N a move; stepsWanted() says whether they
// are printed at all; rules() returns the settings of the rule set cascade
// names in CASCADE_RULES.
//
// Each answer is written at once (writes to a pipe are synchronous on
// Linux). An exception in solve prints its stack on standard error and exits
// with status 1: cascade reports it as the runtime error of that case. At the
// end of input the process exits with status 0 once nothing else keeps it.
"use strict";

const SAMEGAME = "samegame";
const MATCH3 = "match3";

// stepsWanted reports whether cascade runs the program under the step
// protocol.
function stepsWanted() {
  return (process.env.CASCADE_PROTOCOL || "").split(/\s+/).includes("steps");
}

// rules returns the rule set cascade names in CASCADE_RULES as an object of
// its settings, its name under "name"; {} when it names none.
function rules() {
  const words = tokens(process.env.CASCADE_RULES || "", /\s+/);
  if (words.length === 0) return {};
  const settings = {};
  for (const w of words.slice(1)) {
    const i = w.indexOf("=");
    if (i >= 0) settings[w.slice(0, i)] = w.slice(i + 1);
  }
  settings.name = words[0];
  return settings;
}

function serve(solve) {
  const steps = stepsWanted();
  const splitter = new Splitter();
  let pending = "";
  const answer = (text) => {
    let out;
    try {
      out = format(solve(text), splitter.game, steps);
    } catch (err) {
      process.stderr.write(String((err && err.stack) || err) + "\n");
      process.exit(1);
    }
    process.stdout.write(out);
  };
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    // Only the new chunk can hold the end of the pending line.
    const from = pending.length;
    pending += chunk;
    let start = 0;
    for (let end = pending.indexOf("\n", from); end >= 0; end = pending.indexOf("\n", start)) {
      const text = splitter.feed(pending.slice(start, end + 1));
      start = end + 1;
      if (text !== null) answer(text);
    }
    pending = pending.slice(start);
  });
  process.stdin.on("end", () => {
    if (pending !== "") {
      const text = splitter.feed(pending);
      pending = "";
      if (text !== null) answer(text);
    }
    const rest = splitter.finish();
    if (rest !== null) answer(rest);
  });
}

const SEPARATORS = /[,\s]+/;
const INTEGER = /^[+-]?[0-9]+$/;

function tokens(line, separators) {
  return line.split(separators).filter((t) => t !== "");
}

// integer returns token's value as a Number (exact up to 2^53, which is
// more than any count that fits in memory), or null when it is no integer.
function integer(token) {
  return INTEGER.test(token) ? Number(token) : null;
}

// Splitter cuts cases out of a stream of lines. feed takes one line (its
// line end included) and returns the text of the case it completes, or
// null; finish returns what is left at the end of input, or null. game names
// the game of the case last returned.
class Splitter {
  constructor() {
    this.game = null;
    // cascade names a SameGame rule set only to a SameGame program, and
    // then a box may be W x H: two integers open a SameGame case. A match-3
    // rule set names its refill, and under refill=queue the case holds the
    // queues.
    const settings = rules();
    this.boxes = process.env.CASCADE_RULES !== undefined && !("refill" in settings);
    this.queues = settings.refill === "queue";
    this.start();
  }

  start() {
    this.lines = [];
    this.state = "first";
    this.rows = 0; // SameGame rows still to come
    this.header = []; // match-3: the integers n m k q read so far
    this.part = ""; // match-3: the part of the case being read
    this.need = 0; // integers still to come (in that part, for match-3)
    this.columns = 0; // match-3: queues whose length is still to come
    this.pieces = 0; // match-3: the pieces of all queues
  }

  feed(line) {
    if (this.state === "first" && line.trim() === "") return null;
    this.lines.push(line);
    if (!this.take(line)) return null;
    const text = this.lines.join("");
    this.start();
    return text;
  }

  finish() {
    if (this.lines.length === 0) return null;
    const text = this.lines.join("");
    this.start();
    return text;
  }

  // take reads line into the case and reports whether the case is done.
  take(line) {
    switch (this.state) {
      case "first": {
        const words = tokens(line, /\s+/);
        const values = words.map(integer);
        if (values.includes(null)) {
          this.state = "rest";
          this.game = null;
          return false;
        }
        if (values.length === 1 || (values.length === 2 && this.boxes)) {
          this.game = SAMEGAME;
          this.rows = values[values.length - 1];
          this.state = this.rows > 0 ? "rows" : "moves";
          return false;
        }
        this.game = MATCH3;
        this.state = "match3";
        return this.takeMatch3(words);
      }
      case "rows":
        this.rows--;
        if (this.rows === 0) this.state = "moves";
        return false;
      case "moves": {
        const words = tokens(line, SEPARATORS);
        if (words.length === 0) return false;
        const k = integer(words[0]);
        if (k === null) return true;
        this.need = 2 * k - (words.length - 1);
        this.state = "pairs";
        return this.need <= 0;
      }
      case "pairs":
        this.need -= tokens(line, SEPARATORS).length;
        return this.need <= 0;
      case "match3":
        return this.takeMatch3(tokens(line, /\s+/));
      default: // "rest": everything up to the end of input
        return false;
    }
  }

  // takeMatch3 counts the integers of a match-3 case, part by part: the
  // header, the board and its specials, under refill=queue each column's
  // queue (its length, then its colours) and their specials, the operations.
  takeMatch3(words) {
    for (const word of words) {
      if (this.part === "done") break;
      if (this.header.length < 4 || this.part === "length") {
        const value = integer(word);
        if (value === null) return true;
        if (this.part === "length") {
          this.columns--;
          this.pieces += Math.max(0, value);
          this.part = "queue";
          this.need = Math.max(0, value);
        } else {
          this.header.push(value);
          if (this.header.length === 4) {
            const [n, m] = this.header.map((v) => Math.max(0, v));
            this.part = "board";
            this.need = 2 * n * m;
          }
        }
      } else {
        this.need--;
      }
      this.nextPart();
    }
    return this.part === "done";
  }

  // nextPart moves on past the parts of a match-3 case that are complete.
  nextPart() {
    while (this.part !== "" && this.part !== "done" && this.need <= 0) {
      const m = Math.max(0, this.header[1]);
      const q = Math.max(0, this.header[3]);
      if (this.part === "board" && this.queues && m > 0) {
        this.columns = m;
        this.part = "length";
        this.need = 1;
      } else if (this.part === "queue" && this.columns > 0) {
        this.part = "length";
        this.need = 1;
      } else if (this.part === "queue") {
        this.part = "specials";
        this.need = this.pieces;
      } else if (this.part === "operations") {
        this.part = "done";
      } else {
        this.part = "operations";
        this.need = 4 * q;
      }
    }
  }
}

// integerText writes a score: a BigInt, or a Number that is a safe integer.
function integerText(v, what) {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number" && Number.isSafeInteger(v)) return String(v);
  if (typeof v === "number" && Number.isInteger(v)) {
    throw new RangeError(`${what} ${v} is past 2^53 and not exact: return a BigInt`);
  }
  throw new TypeError(`${what} is ${typeof v} ${String(v)}, want an integer (a number or a BigInt)`);
}

function format(result, game, steps) {
  if (typeof result !== "object" || result === null) {
    const total = integerText(result, "score");
    return steps ? `total ${total}\n` : `${total}\n`;
  }
  let last;
  if (result.board !== undefined && result.board !== null) {
    last = board(result.board, MATCH3);
    if (steps) last = "board\n" + last;
  } else {
    last = `${integerText(result.total, "total")}\n`;
    if (steps) last = "total " + last;
  }
  if (!steps) return last;
  const running = result.running || [];
  const boards = result.boards || [];
  if (boards.length > running.length) {
    throw new RangeError(`${boards.length} boards for ${running.length} moves`);
  }
  const out = [];
  running.forEach((r, i) => {
    out.push(`step ${i + 1} ${integerText(r, `running total ${i + 1}`)}\n`);
    if (i < boards.length && boards[i] !== null && boards[i] !== undefined) {
      out.push(board(boards[i], game));
    }
  });
  out.push(last);
  return out.join("");
}

function board(b, game) {
  if (typeof b === "string") return b.endsWith("\n") ? b : b + "\n";
  const glue = game === SAMEGAME ? "" : " ";
  return b.map((row) => (typeof row === "string" ? row : row.join(glue)) + "\n").join("");
}

module.exports = { rules, serve, stepsWanted };
