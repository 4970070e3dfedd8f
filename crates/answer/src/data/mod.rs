//! What is asked of a whole puzzle rather than of one position: states drawn at random (at a
//! distance, or by a random walk), rows labelled for learning, and the statistics of a goal's
//! table or pattern databases (with the distributions too large to count, as published).

pub(crate) mod label;
pub(crate) mod published;
pub(crate) mod random;
pub(crate) mod stats;
