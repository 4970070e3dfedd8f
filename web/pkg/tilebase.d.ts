// The public API of tilebase's JavaScript module (tilebase.js).

/** A state or goal as `query` reads it ("603712458", "1,2,3,...,15,0", "603/712/458"), or its cells. */
export type State = string | readonly number[];

/** What a question names besides its state; each is optional, as `query`'s flags are. */
export interface Options {
  /** "WxH", up to 100 cells (past 25, answered with bounds): by default the goal's, or the state's, else 3x3. */
  board?: string;
  /** The goal: by default 123804765 on 3x3, the tiles in order with the blank last elsewhere. */
  goal?: State;
  /** "stm" (single-tile moves, the default) or "mtm" (multi-tile). */
  metric?: "stm" | "mtm" | string;
  /** The pattern databases on boards answered by search: "5-5-5", "6-6-3", "7-8"... */
  pdb?: string;
}

/** One move from a state. */
export interface Hint {
  /** The blank's move: "U", "D", "L" or "R". */
  move: string;
  /** The tile it slides. */
  tile: number;
  /** The distance it leads to. */
  distance: number;
  /** Whether it stays on an optimal path. */
  optimal: boolean;
}

/** `query --json`'s object for one state. */
export interface Answer {
  state: string;
  goal: string;
  board: string;
  solvable: boolean;
  /** The optimal distance; past 25 cells only when the bounds meet (null otherwise). */
  distance?: number | null;
  moves?: string | null;
  /** Past 25 cells: no solution is shorter. */
  lower_bound?: number;
  /** Past 25 cells: the shortest solution found within `seconds`, and its length (null when none was). */
  solution?: string | null;
  length?: number | null;
  /** Past 25 cells: the bounds meet. */
  optimal?: boolean;
  hints?: Hint[];
  solutions?: string[];
  count?: number;
  boards?: string[];
  [field: string]: unknown;
}

/** `analyse --json`'s object. */
export interface Analysis {
  scramble: string;
  board: string;
  goal: string;
  metric: string;
  length: number;
  optimal: number;
  lost: number;
  moves: {
    move: string;
    before: number;
    after: number;
    optimal: boolean;
    lost: number;
    better: string[];
  }[];
}

/** How the work goes, as it goes: a build of a table or pattern database, or a search. */
export type Progress =
  | { kind: "build"; what: string; done: number; total: number }
  | { kind: "search"; bound: number; nodes: number };

/** Starts the module (in a browser, in a Web Worker). */
export default function init(options?: {
  onProgress?: (progress: Progress) => void;
  onNote?: (note: string) => void;
}): Promise<void>;
/** The optimal number of moves to the goal, or null when the state cannot reach it. */
export function distance(state: State, options?: Options): Promise<number | null>;
/** An optimal solution as the blank's moves (U, D, L, R), or null. */
export function solve(state: State, options?: Options): Promise<string | null>;
/** Every optimal solution (the first `limit`), or null. */
export function solutions(state: State, options?: Options & { limit?: number }): Promise<string[] | null>;
/** Every move from the state, or null when it cannot reach the goal. */
export function hints(state: State, options?: Options): Promise<Hint[] | null>;
/**
 * `query --json`'s object. Past 25 cells, the bounds found within `seconds` (default 10, as
 * `query --seconds`); `hints`, `all` and `count` are refused there.
 */
export function answer(
  state: State,
  options?: Options & {
    hints?: boolean;
    all?: boolean;
    count?: boolean;
    limit?: number;
    boards?: boolean;
    seconds?: number;
  },
): Promise<Answer>;
/** `analyse --json`'s object: `moves` "tile" reads slidy's notation (D3R2), "blank" (the default) the blank's. */
export function analyse(
  scramble: State,
  solution: string,
  options?: Options & { moves?: "blank" | "tile" },
): Promise<Analysis>;
/** A position drawn uniformly at random: at `distance` ("20", "20..25", "max") on boards of up to 12 cells. */
export function random(options?: Options & { distance?: string | number; seed?: number }): Promise<string>;
/** `stats --json`'s object: the board, goal and metric; `max_distance` and `counts` up to 12 cells. */
export function stats(options?: Options): Promise<{
  board: string;
  goal: string;
  metric: string;
  max_distance?: number;
  counts?: number[];
  [field: string]: unknown;
}>;
/** Gives the module a file by its cache name, checked whole first. */
export function addFile(name: string, bytes: Uint8Array): Promise<void>;
/** The bytes of a file the module holds, or null. */
export function file(name: string): Promise<Uint8Array | null>;
/** The names of the files the module holds. */
export function fileNames(): Promise<string[]>;
/** Ends every call under way (each rejects with Error("stopped")) and starts afresh. */
export function stop(): Promise<void> | undefined;
