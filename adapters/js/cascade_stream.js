// cascade_stream: serve a SameGame or match-3 solution to cascade check.
//
// One solution, written as a function from a case's text to its score,
// serves every protocol of `cascade check` (SPEC.md, "Programs under test"):
//
//     const { serve } = require("./cascade_stream");
//     serve((text) => {
//       ...                       // parse text, play the game
//       return total;             // a number, a BigInt, or { running, total, boards }
//     });
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
//   integers n m k q, then as many lines as hold 2*n*m + 4*q more;
// - anything else makes the rest of the input one case, for solve to reject.
//
// solve is called with the case's exact text: every line from the first one
// on, line ends (LF or CRLF) included, blank lines inside included. Should
// the input end inside a case, what was read of it is the last case.
//
// Output. solve returns the score as a number (a safe integer) or a BigInt
// (scores are 64-bit: past 2^53 only a BigInt is exact), or an object
// { running, total, boards }. The environment variable CASCADE_PROTOCOL (set
// by cascade: judge, stream, steps or "stream steps"; absent means judge)
// decides what is printed:
//
// - without "steps": the total, one integer on a line;
// - with "steps": `step I RUNNING` for every move, each followed by the
//   board after it when one is given, then `total TOTAL`. A plain number
//   prints only the total line, which cascade accepts for a case without
//   moves only.
//
// running is an array of running totals, one per move; boards is optional,
// one entry per move (the array may be shorter): null (no board after that
// move), a string (printed as it is) or an array of rows. A row is a string,
// or an array of integers: written as digits side by side for SameGame (N
// rows of N digits, top row first, 0 for an empty cell) and separated by
// spaces for match-3 (n rows of colours, then n rows of specials). Building
// a board after every move costs N*N a move; stepsWanted() says whether they
// are printed at all.
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
    // then a box may be W x H: two integers open a SameGame case.
    this.boxes = process.env.CASCADE_RULES !== undefined;
    this.start();
  }

  start() {
    this.lines = [];
    this.state = "first";
    this.rows = 0; // SameGame rows still to come
    this.header = []; // match-3: the integers n m k q read so far
    this.need = 0; // integers still to come
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

  takeMatch3(words) {
    for (const word of words) {
      if (this.header.length < 4) {
        const value = integer(word);
        if (value === null) return true;
        this.header.push(value);
        if (this.header.length === 4) {
          const [n, m, , q] = this.header.map((v) => Math.max(0, v));
          this.need = 2 * n * m + 4 * q;
        }
      } else {
        this.need--;
      }
    }
    return this.header.length === 4 && this.need <= 0;
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
  const total = integerText(result.total, "total");
  if (!steps) return `${total}\n`;
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
  out.push(`total ${total}\n`);
  return out.join("");
}

function board(b, game) {
  if (typeof b === "string") return b.endsWith("\n") ? b : b + "\n";
  const glue = game === SAMEGAME ? "" : " ";
  return b.map((row) => (typeof row === "string" ? row : row.join(glue)) + "\n").join("");
}

module.exports = { serve, stepsWanted };
