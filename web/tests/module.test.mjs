// The site's JavaScript module (pkg/tilebase.js) as npm's users get it, in Node: its answers
// are query's (the articles' case, the 15-puzzle, hints, every solution, analyse, draws), and
// every refusal rejects with query's words. Run after `cargo xtask site`:
//
//   node --test web/tests/module.test.mjs        (TILEBASE_PKG: another built pkg/ folder)
import assert from "node:assert/strict";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import path from "node:path";

const pkg = process.env.TILEBASE_PKG ?? new URL("../../target/site/pkg/", import.meta.url).pathname;
const tilebase = await import(pathToFileURL(path.join(pkg, "tilebase.js")).href);
const told = [];
await tilebase.default({ onProgress: (progress) => told.push(progress) });

test("the articles' case: 23 moves to 123804765", async () => {
  assert.equal(await tilebase.distance("603712458"), 23);
  assert.equal(await tilebase.solve("603712458"), "DDLURRDLLUURDDLURRDLLUR");
  assert.equal(await tilebase.distance([6, 0, 3, 7, 1, 2, 4, 5, 8]), 23);
  assert.equal(await tilebase.distance("864072513"), null);
  assert.equal(await tilebase.solve("864072513"), null);
});

test("hints, every solution, query --json's object", async () => {
  assert.deepEqual(await tilebase.hints("283104765"), [
    { move: "U", tile: 8, distance: 3, optimal: true },
    { move: "D", tile: 6, distance: 5, optimal: false },
    { move: "L", tile: 1, distance: 5, optimal: false },
    { move: "R", tile: 4, distance: 5, optimal: false },
  ]);
  assert.deepEqual(await tilebase.solutions("283104765"), ["ULDR"]);
  const answer = await tilebase.answer("283104765", { count: true });
  assert.equal(answer.distance, 4);
  assert.equal(answer.moves, "ULDR");
  assert.equal(answer.count, 1);
});

test("another goal, another board, the multi-tile metric", async () => {
  assert.equal(await tilebase.distance("123456708", { goal: "123456780" }), 1);
  assert.equal(await tilebase.distance("12345607", { board: "4x2" }), 1);
  assert.equal(await tilebase.distance("603712458", { metric: "mtm" }), 16); // query --metric mtm says 16
});

test("the 15-puzzle by search", async () => {
  const options = { board: "4x4", pdb: "3-3-3-3-3" };
  assert.equal(await tilebase.solve("1,2,3,4,5,0,7,8,9,6,11,12,13,10,14,15", options), "DDRR");
  assert.equal(await tilebase.distance("2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0", options), null);
});

test("analyse: the moves lost", async () => {
  const analysis = await tilebase.analyse("283104765", "LRULDR");
  assert.equal(analysis.length, 6);
  assert.equal(analysis.optimal, 4);
  assert.equal(analysis.lost, 2);
  assert.equal(analysis.moves[0].optimal, false);
});

test("random draws: the same seed, the same position", async () => {
  const drawn = await tilebase.random({ distance: 30, seed: 7 });
  assert.equal(await tilebase.distance(drawn), 30);
  assert.equal(await tilebase.random({ distance: 30, seed: 7 }), drawn);
  const scramble = await tilebase.random({ board: "4x4", seed: 1 });
  assert.equal(scramble.split(",").length, 16);
});

test("refusals reject with query's words", async () => {
  await assert.rejects(tilebase.distance("60371245x"), {
    message: "\"60371245x\": stray character 'x' at column 9",
  });
  await assert.rejects(tilebase.distance("6 0 3"), {
    message: "\"6 0 3\": 3 cells, but a 3x3 board has 9",
  });
  await assert.rejects(tilebase.analyse("283104765", "LX"), /X/);
  await assert.rejects(tilebase.random({ seed: -1 }), /seed -1/);
});

test("files: kept, given back, a damaged one refused", async () => {
  const names = await tilebase.fileNames();
  assert.ok(names.includes("3x3-123405678.tilebase"), names.join(" "));
  const bytes = await tilebase.file("3x3-123405678.tilebase");
  assert.equal(bytes.length > 181440, true);
  await tilebase.addFile("3x3-123405678.tilebase", bytes);
  const damaged = bytes.slice();
  damaged[damaged.length - 1] ^= 1;
  await assert.rejects(tilebase.addFile("3x3-123405678.tilebase", damaged), /checksum/);
});

test("stats: the distribution of distances, as stats --json gives it", async () => {
  const stats = await tilebase.stats();
  assert.equal(stats.board, "3x3");
  assert.equal(stats.goal, "123804765");
  assert.equal(stats.max_distance, 30);
  assert.equal(stats.counts.reduce((a, b) => a + b, 0), 181440);
});

test("the README's example", async () => {
  assert.equal(await tilebase.distance("603712458"), 23);
  assert.equal(await tilebase.solve("603712458"), "DDLURRDLLUURDDLURRDLLUR");
  assert.equal(await tilebase.distance("12345607", { board: "4x2" }), 1);
  assert.deepEqual((await tilebase.hints("283104765"))[0], {
    move: "U",
    tile: 8,
    distance: 3,
    optimal: true,
  });
});

test("boards past 25 cells: bounds within the seconds given", async () => {
  const six = { board: "6x6" };
  const goal = [...Array(35).keys()].map((t) => t + 1).concat([0]);
  // The blank moved up twice and left once: 3 moves, proven optimal.
  const near = goal.slice();
  [near[35], near[29]] = [near[29], near[35]];
  [near[29], near[23]] = [near[23], near[29]];
  [near[23], near[22]] = [near[22], near[23]];
  const a = await tilebase.answer(near, { ...six, seconds: 5 });
  assert.deepEqual([a.lower_bound, a.length, a.optimal, a.solution], [3, 3, true, "RDD"]);
  // DeepCubeA's 35-puzzle state 132: the heuristic alone with no time, then a solution that
  // replays to the goal within half a second.
  const far =
    "1,2,4,6,11,21,7,31,17,23,28,14,10,0,19,22,18,5,8,9,3,29,12,15,13,20,16,26,32,30,33,25,24,34,27,35";
  const none = await tilebase.answer(far, { ...six, seconds: 0 });
  assert.deepEqual([none.lower_bound, none.length, none.solution, none.distance], [85, null, null, null]);
  const some = await tilebase.answer(far, { ...six, seconds: 0.5 });
  assert.ok(some.lower_bound >= 85 && some.length >= some.lower_bound, JSON.stringify(some));
  const cells = far.split(",").map(Number);
  for (const move of some.solution) {
    const gap = cells.indexOf(0);
    const to = gap + { U: -6, D: 6, L: -1, R: 1 }[move];
    [cells[gap], cells[to]] = [cells[to], cells[gap]];
  }
  assert.deepEqual(cells, goal);
  await assert.rejects(tilebase.answer(far, { ...six, hints: true }), /^Error: hints: 6x6 is past 25 cells/);
  await assert.rejects(tilebase.answer(far, { ...six, seconds: -1 }), /seconds "-1": seconds are a number from 0 up/);
});

test("progress: each build and each search's iterations are told as they go", async () => {
  // 4-4-4-3: three patterns not built before in this process (tiles 13 to 15 were, for
  // 3-3-3-3-3 above).
  const options = { board: "4x4", pdb: "4-4-4-3", goal: "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15" };
  told.length = 0;
  assert.equal(await tilebase.distance("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", options), 57);
  const builds = told.filter((p) => p.kind === "build");
  const built = [...new Set(builds.map((b) => b.what))];
  assert.equal(built.length, 3, JSON.stringify(builds));
  for (const what of built) {
    assert.match(what, /^building 4x4 tiles /);
    assert.ok(builds.some((b) => b.what === what && b.done === b.total), `${what} told finished`);
  }
  const bounds = told.filter((p) => p.kind === "search").map((p) => p.bound);
  assert.equal(bounds.length > 0, true);
  assert.equal(Math.max(...bounds), 57, "the last iteration sought 57 moves");
});
