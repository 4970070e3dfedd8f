//! How a long search says how far it has got.

/// Told how a build goes, so that a program can draw a progress bar: each layer of a search
/// as it completes, and, where the work can be counted in steady steps, each step. The engine
/// draws nothing itself. Calls may come from any thread.
pub trait Progress: Sync {
    /// The search has finished the layer at `depth` and reached `reached` of `total` entries.
    fn layer(&self, depth: u32, reached: u64, total: u64);

    /// A pattern's search has expanded `done` abstract states so far, of
    /// [`Pattern::abstract_states`](tilebase_pattern::Pattern::abstract_states) in all: the
    /// work goes at a steady rate per state, where layers differ a thousandfold. Told after
    /// each chunk of a layer.
    fn expanded(&self, done: u64) {
        let _ = done;
    }

    /// A pattern's values are being encoded for its file: `done` of `total` placements. Told
    /// after each piece.
    fn encoded(&self, done: u64, total: u64) {
        let _ = (done, total);
    }

    /// A build's checkpoint was read, could not be used, or could not be written (see
    /// [`Checkpoint`](crate::Checkpoint)).
    fn checkpointing(&self, event: crate::Checkpointing<'_>) {
        let _ = event;
    }
}

/// A [`Progress`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn layer(&self, _: u32, _: u64, _: u64) {}
}
