// SameGame ("Color Cubes") served through cascade_stream.
//
//     cascade check --game samegame --impl 'node adapters/js/example_samegame.js' --stream --steps
//
// The box is kept as an array of columns, each an array of colours from the
// bottom up, so that falling is dropping removed cubes from a column and
// closing up is dropping empty columns from the array. Points are BigInts:
// one group of a large box scores past 2^53.
"use strict";

const { serve, stepsWanted } = require("./cascade_stream");

function solve(text) {
  const lines = text.split(/\r?\n/);
  const n = Number(lines[0].trim());
  const rows = lines.slice(1, n + 1).map((line) => line.trim());
  const k = Number(lines[n + 1].trim());
  const numbers = lines.slice(n + 2).join(" ").split(/[,\s]+/).filter((t) => t !== "").map(Number);
  if (numbers.length !== 2 * k) throw new Error(`want ${k} pairs, got ${numbers.length} numbers`);
  let columns = [];
  for (let x = 0; x < n; x++) {
    const column = [];
    for (let y = 0; y < n; y++) column.push(Number(rows[n - 1 - y][x]));
    columns.push(column);
  }

  const running = [];
  const boards = [];
  let total = 0n;
  const wantBoards = stepsWanted();
  for (let i = 0; i < k; i++) {
    let points;
    [columns, points] = click(columns, numbers[2 * i], numbers[2 * i + 1]);
    total += points;
    running.push(total);
    boards.push(wantBoards ? draw(columns, n) : null);
  }
  return { running, total, boards };
}

// click plays a click on column x, row y from the bottom, and returns the
// columns after it and its points.
function click(columns, x, y) {
  if (x >= columns.length || y >= columns[x].length) return [columns, 0n];
  const colour = columns[x][y];
  // The group's cubes are set to 0 as they are found: 0 is no colour, so a
  // cube is never counted twice, and 0s are what falling drops.
  columns[x][y] = 0;
  const stack = [[x, y]];
  let count = 0;
  let left = x;
  let right = x;
  while (stack.length > 0) {
    const [cx, cy] = stack.pop();
    count++;
    left = Math.min(left, cx);
    right = Math.max(right, cx);
    for (const [nx, ny] of [[cx - 1, cy], [cx + 1, cy], [cx, cy - 1], [cx, cy + 1]]) {
      if (nx >= 0 && nx < columns.length && ny >= 0 && ny < columns[nx].length && columns[nx][ny] === colour) {
        columns[nx][ny] = 0;
        stack.push([nx, ny]);
      }
    }
  }
  for (let cx = left; cx <= right; cx++) columns[cx] = columns[cx].filter((c) => c !== 0);
  const c = BigInt(count);
  return [columns.filter((column) => column.length > 0), (c * (c + 1n)) / 2n];
}

// draw returns the box as N rows of N digits, top row first, 0 for an empty
// cell.
function draw(columns, n) {
  const rows = [];
  for (let y = n - 1; y >= 0; y--) {
    let row = "";
    for (let x = 0; x < n; x++) row += x < columns.length && y < columns[x].length ? columns[x][y] : 0;
    rows.push(row);
  }
  return rows;
}

serve(solve);
