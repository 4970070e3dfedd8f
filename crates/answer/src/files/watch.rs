//! What finding and building files tells a front end: a program draws progress bars on stderr,
//! Python logs, a server writes lines.

use tilebase_core::{Metric, State};
use tilebase_pattern::{Pattern, Relabelling, cells_to_string};

/// Told what finding and building files does.
pub trait Watch: Sync {
    /// Something to say: what was built and saved where, a damaged cache file replaced.
    fn say(&self, message: &str);
    /// Files are missing and about to be built, which can take minutes: what, where, and about
    /// how long. By default said as anything else.
    fn starting(&self, message: &str) {
        self.say(message);
    }
    /// Another process holds the lock on a file this one needs, building it: this one waits.
    /// By default said as anything else.
    fn waiting(&self, message: &str) {
        self.say(message);
    }
    /// The build of `job` starts; the returned [`Building`] is told of each layer of the search
    /// and of the file being written, and dropped when the build ends.
    fn building(&self, job: &Job<'_>) -> Box<dyn Building + '_> {
        let _ = job;
        Box::new(Quietly)
    }
}

/// One build under way, as a [`Watch`] follows it. Calls may come from any thread.
pub trait Building: Sync {
    /// The search has finished the layer at `depth` and reached `reached` of `total` states.
    fn layer(&self, _depth: u32, _reached: u64, _total: u64) {}
    /// A pattern's search has expanded `done` of its [`Job::total`] states: steady steps,
    /// where layers come at very different paces.
    fn expanded(&self, _done: u64) {}
    /// The search is done: the file at `path` is being written.
    fn writing(&self, _path: &std::path::Path) {}
    /// The values being encoded for the file: `done` of `total` placements.
    fn encoded(&self, _done: u64, _total: u64) {}
    /// Runs `say` (which writes a line) so that it does not mix with what the build draws: a
    /// progress bar is taken away, then drawn again.
    fn suspend(&self, say: &mut dyn FnMut()) {
        say();
    }
}

/// What a build makes.
#[derive(Clone, Copy, Debug)]
pub enum Job<'a> {
    /// The full table of a goal.
    Table {
        /// The goal.
        goal: &'a State,
        /// How moves are counted.
        metric: Metric,
    },
    /// The database of a pattern.
    Pattern(&'a Pattern),
    /// The multi-tile table of a relabelling.
    Relabelled(&'a Relabelling),
    /// The pattern database of a group on a board past 25 cells.
    Bounds {
        /// The board.
        board: tilebase_core::Board,
        /// The group's home cells.
        homes: &'a [u8],
    },
}

impl Job<'_> {
    /// What is built, for a progress bar: `building 3x4`, `building 4x4 tiles 1,2,...,8`.
    pub fn describe(&self) -> String {
        match self {
            Job::Table { goal, .. } => format!("building {}", goal.board()),
            Job::Pattern(pattern) => format!(
                "building {} tiles {}",
                pattern.grid(),
                cells_to_string(pattern.tiles())
            ),
            Job::Relabelled(relabelling) => format!(
                "building {} mtm labels {}",
                relabelling.grid(),
                cells_to_string(relabelling.labels())
            ),
            Job::Bounds { board, homes } => {
                format!("building {board} cells {}", cells_to_string(homes))
            }
        }
    }

    /// How many states the search reaches in all: a table's states, a pattern's abstract
    /// states (each placement with each region the blank may be in).
    pub fn total(&self) -> u64 {
        match self {
            Job::Table { goal, .. } => u64::from(goal.board().states()),
            Job::Pattern(pattern) => pattern.abstract_states(),
            Job::Relabelled(relabelling) => relabelling.states(),
            // Every placement of the group's tiles: without the blank, each is reached.
            Job::Bounds { board, homes } => {
                tilebase_pattern::placements(board.cells(), homes.len())
            }
        }
    }

    /// What the states are called.
    pub fn unit(&self) -> &'static str {
        "states"
    }
}

/// A [`Watch`] that says nothing and draws nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quietly;

impl Building for Quietly {}

impl Watch for Quietly {
    fn say(&self, _: &str) {}
}

/// The engine's progress, passed on to a [`Building`]; what becomes of the build's checkpoint
/// is said through the [`Watch`].
pub(crate) struct Forward<'a> {
    building: &'a dyn Building,
    watch: &'a dyn Watch,
    /// What is built, before what is said of it.
    what: String,
}

impl<'a> Forward<'a> {
    pub(crate) fn new(building: &'a dyn Building, watch: &'a dyn Watch, job: &Job<'_>) -> Self {
        Forward {
            building,
            watch,
            what: job.describe(),
        }
    }
}

impl tilebase_engine::Progress for Forward<'_> {
    fn layer(&self, depth: u32, reached: u64, total: u64) {
        self.building.layer(depth, reached, total);
    }

    fn expanded(&self, done: u64) {
        self.building.expanded(done);
    }

    fn encoded(&self, done: u64, total: u64) {
        self.building.encoded(done, total);
    }

    fn checkpointing(&self, event: tilebase_engine::Checkpointing<'_>) {
        use tilebase_engine::Checkpointing;
        let what = &self.what;
        let message = match event {
            Checkpointing::Resumed {
                path,
                depth,
                reached,
                total,
            } => format!(
                "{what}: going on from depth {depth}, where an earlier run stopped ({:.0}% of \
                 the entries valued; {})",
                reached as f64 * 100.0 / total.max(1) as f64,
                path.display()
            ),
            Checkpointing::Ignored { path, why } => format!(
                "{what}: starting over, as the checkpoint {} cannot be used ({why})",
                path.display()
            ),
            Checkpointing::Unwritten { why, .. } => format!(
                "{what}: no checkpoint can be written ({why}): if this build is stopped, the \
                 next starts over"
            ),
            _ => return,
        };
        self.building.suspend(&mut || self.watch.say(&message));
    }
}

/// A [`Watch`] that keeps what it is told, for tests.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Notes(pub(crate) std::sync::Mutex<Vec<String>>);

#[cfg(test)]
impl Watch for Notes {
    fn say(&self, message: &str) {
        self.0.lock().unwrap().push(message.to_string());
    }
}

#[cfg(test)]
impl Notes {
    /// What it was told since the last call.
    pub(crate) fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}
