// tilebase: exact, optimal answers about sliding-tile puzzles, from the same Rust library as
// the `query` program, compiled to WebAssembly. Every board of up to 12 cells from a full
// table (built in memory on first use), every board of 13 to 25 cells by IDA* over pattern
// databases (built on first use, or given with addFile).
//
//   import init, { distance, solve } from "./pkg/tilebase.js";
//   await init();
//   await distance("603712458");                 // 23
//   await solve("603712458");                    // "DDLURRDLLUURDDLURRDLLUR"
//   await distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", { board: "4x4", pdb: "5-5-5" }); // 1
//
// In a browser the answers are made in a Web Worker: the page never freezes, and stop() ends
// a search at once. Files built there are kept in the Cache API for the next visit. In Node
// they are made on the calling thread. Every call returns a Promise; a refusal rejects with an
// Error in query's words.
import { calls } from "./calls.js";

const inNode =
  typeof process !== "undefined" && process.versions?.node != null && typeof window === "undefined";

let backend = null;

/**
 * Starts the module: loads the WebAssembly (in a browser, in a Web Worker). Call it once,
 * before anything else; calling it again returns the same start.
 * `options.onProgress` is told how the work goes, as it goes: `{kind: "build", what, done,
 * total}` while a table or pattern database is built, `{kind: "search", bound, nodes}` while a
 * search runs (the length it seeks, the nodes so far). `options.onNote` is told, in words, what
 * the worker did with the files it kept.
 */
export default function init(options = {}) {
  backend ??= inNode ? nodeBackend(options) : workerBackend(options);
  return backend.then((b) => b.ready);
}

/** The optimal number of moves from `state` to the goal, or null when it cannot reach it. */
export const distance = (state, options) => call("distance", state, options);
/** An optimal solution: the blank's moves, U, D, L, R; null when the state cannot reach the goal. */
export const solve = (state, options) => call("solve", state, options);
/** Every optimal solution (the first `options.limit`), or null. */
export const solutions = (state, options) => call("solutions", state, options);
/** Every move with the tile it slides, the distance it leads to, and whether it is optimal. */
export const hints = (state, options) => call("hints", state, options);
/** query --json's object: with `hints`, `all` (+ `limit`), `count`, `boards` as options ask. */
export const answer = (state, options) => call("answer", state, options);
/** analyse --json's object: `solution` played from `scramble`, judged move by move. */
export const analyse = (scramble, solution, options) =>
  call("analyse", scramble, solution, options);
/** A position drawn uniformly at random (at `options.distance`, with `options.seed`). */
export const random = (options) => call("random", options);
/** stats --json's object: the board, goal and metric, and the distribution of distances. */
export const stats = (options) => call("stats", options);
/** Gives the module a file by its cache name (checked whole first). */
export const addFile = (name, bytes) => call("addFile", name, bytes);
/** The bytes of a file the module holds (given, or built), or null. */
export const file = (name) => call("file", name);
/** The names of the files the module holds. */
export const fileNames = () => call("fileNames");

/**
 * Ends every call under way at once (each rejects with Error("stopped")) and starts the
 * module afresh; the files it built stay kept. In Node, where calls run on the calling thread,
 * there is nothing under way to stop.
 */
export function stop() {
  return backend?.then((b) => b.stop());
}

function call(name, ...args) {
  if (!backend) return Promise.reject(new Error("tilebase: call init() first"));
  return backend.then((b) => b.call(name, args));
}

async function nodeBackend({ onProgress } = {}) {
  if (onProgress) {
    globalThis.tilebaseBuilding = (what, done, total) =>
      onProgress({ kind: "build", what, done, total });
    globalThis.tilebaseSearching = (bound, nodes) => onProgress({ kind: "search", bound, nodes });
  }
  const glue = await import("./tilebase_wasm.js");
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(new URL("./tilebase_wasm_bg.wasm", import.meta.url));
  glue.initSync({ module: bytes });
  const api = calls(glue);
  return {
    ready: Promise.resolve(),
    call: async (name, args) => api[name](...args),
    stop() {},
  };
}

async function workerBackend({ onNote, onProgress } = {}) {
  const pending = new Map();
  let worker = null;
  let ready = null;
  let next = 0;
  const failAll = (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const start = () => {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    ready = new Promise((resolve, reject) => pending.set(0, { resolve, reject }));
    worker.onmessage = ({ data }) => {
      if (data.note !== undefined) return onNote?.(data.note);
      if (data.progress !== undefined) return onProgress?.(data.progress);
      const waiting = pending.get(data.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (data.error !== undefined) waiting.reject(new Error(data.error));
      else waiting.resolve(data.value);
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      failAll(new Error(`tilebase: the module's worker failed: ${event.message ?? "unknown"}`));
    };
  };
  start();
  return {
    get ready() {
      return ready.then(() => undefined);
    },
    async call(name, args) {
      await ready;
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, name, args });
      });
    },
    stop() {
      worker.terminate();
      failAll(new Error("stopped"));
      start();
      return ready.then(() => undefined);
    },
  };
}
