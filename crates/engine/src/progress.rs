//! How a long search says how far it has got.

/// Told of each layer of a search as it completes, so that a program can draw a progress bar.
/// The engine draws nothing itself.
pub trait Progress: Sync {
    /// The search has finished the layer at `depth` and reached `reached` of `total` entries.
    fn layer(&self, depth: u32, reached: u64, total: u64);
}

/// A [`Progress`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn layer(&self, _: u32, _: u64, _: u64) {}
}
