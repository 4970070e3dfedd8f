// The module's calls as the public API names them, over the wasm-bindgen exports: where the
// answers are made, in a Web Worker (worker.js) or on Node's thread (tilebase.js). Each takes
// a state as `query` reads it (text, or an array of numbers) and the options object
// {board, goal, metric, pdb}, and returns what the API documents; a refusal throws the
// library's Error, in query's words.

/** A state, or a goal, as text: an array of numbers is written with commas. */
const text = (value) => (value == null ? undefined : String(value));

/** The question's words, as the exports take them: undefined for the default. */
const question = (options = {}) => [
  text(options.board),
  text(options.goal),
  text(options.metric),
  text(options.pdb),
];

/** A limit, as the exports take it: undefined for none. */
const limit = (value) => (value == null ? undefined : Number(value));

export function calls(wasm) {
  const answer = (state, options = {}) =>
    JSON.parse(
      wasm.answer(
        text(state),
        ...question(options),
        Boolean(options.hints),
        Boolean(options.all),
        Boolean(options.count),
        limit(options.limit),
        Boolean(options.boards),
        options.seconds == null ? undefined : Number(options.seconds),
      ),
    );
  return {
    distance: (state, options) => wasm.distance(text(state), ...question(options)) ?? null,
    solve: (state, options) => wasm.solve(text(state), ...question(options)) ?? null,
    solutions: (state, options = {}) =>
      wasm.solutions(text(state), ...question(options), limit(options.limit)) ?? null,
    hints: (state, options = {}) => answer(state, { ...options, hints: true }).hints ?? null,
    answer,
    analyse: (scramble, solution, options = {}) =>
      JSON.parse(
        wasm.analyse(
          text(scramble),
          String(solution),
          ...question(options),
          options.moves === "tile",
        ),
      ),
    random: (options = {}) =>
      wasm.random(
        ...question(options),
        text(options.distance),
        options.seed == null ? undefined : Number(options.seed),
      ),
    stats: (options) => JSON.parse(wasm.stats(...question(options))),
    addFile: (name, bytes) => wasm.addFile(String(name), bytes),
    file: (name) => wasm.file(String(name)) ?? null,
    fileNames: () => wasm.fileNames(),
  };
}
