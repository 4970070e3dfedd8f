//! Checkpoints: a long build's search saved at the end of a layer now and then, so that a build
//! that was stopped (Ctrl-C, a killed process, a machine that went down) goes on from its last
//! saved layer when it is run again, instead of from nothing.
//!
//! A checkpoint holds what the search needs to go on: the layer just found, the entries visited,
//! the values recorded so far and the count of each layer. It is written as a save is (under a
//! temporary name, then renamed), zstd-compressed with the frame's checksum, and names the build
//! it belongs to: a checkpoint that is damaged, cut short or of another build is ignored, and the
//! search starts over. The search resumed is the search uninterrupted, value for value: each
//! layer depends only on the one before and the entries visited.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::Progress;
use crate::save::Synced;

// A checkpoint is trusted only through the zstd frame's checksum; a build without zstd (the
// browser's) writes none and reads none, and its builds start over when stopped.
#[cfg(feature = "zstd")]
mod codec;
#[cfg(not(feature = "zstd"))]
mod codec {
    use std::fs::File;
    use std::io;

    use super::Parts;

    const WHY: &str = "this build of tilebase keeps no checkpoints (they need its zstd feature)";

    pub(super) fn write(_: &mut File, _: &str, _: &Parts<'_>) -> io::Result<()> {
        Err(io::Error::new(io::ErrorKind::Unsupported, WHY))
    }

    pub(super) fn read(_: File, _: &str, _: &mut Parts<'_>) -> Result<u32, String> {
        Err(WHY.into())
    }
}

/// How often a search saves its progress by default: at the end of the first layer that ends
/// this long after the start or the last checkpoint. Builds shorter than this never write one.
const EVERY: Duration = Duration::from_secs(20);

/// A checkpoint is written no more often than this many times the last one took to write:
/// writing costs the search at most a twentieth of its time (the 15-puzzle's 8-tile pattern
/// writes about 1.5 GB of bits and values in about 2.5 s, once in its 50 s).
const COST_FACTOR: u32 = 20;

/// Where a build keeps its checkpoint, and how often it writes one.
///
/// ```
/// use std::path::Path;
/// use tilebase_engine::Checkpoint;
///
/// let checkpoint = Checkpoint::beside(Path::new("db/4x3-123456789ab0.tilebase"));
/// assert_eq!(
///     checkpoint.path(),
///     Path::new("db/.4x3-123456789ab0.tilebase.checkpoint")
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Checkpoint {
    path: PathBuf,
    every: Duration,
    stop: Option<&'static AtomicBool>,
}

impl Checkpoint {
    /// The checkpoint of the build of the file at `target`: a hidden file beside it, which
    /// nothing but a build of the same file reads.
    pub fn beside(target: &Path) -> Checkpoint {
        let name = target
            .file_name()
            .map_or_else(|| "database".into(), |n| n.to_string_lossy().into_owned());
        Checkpoint {
            path: target.with_file_name(format!(".{name}.checkpoint")),
            every: EVERY,
            stop: None,
        }
    }

    /// Writes a checkpoint at the end of the first layer that ends `every` after the start or
    /// the last checkpoint, and twenty times as long as the last one took to write (20 s unless
    /// told; zero saves every layer, however long it takes).
    pub fn every(mut self, every: Duration) -> Checkpoint {
        self.every = every;
        self
    }

    /// Stops the build when `flag` is set (a program asked to quit): it saves the last layer it
    /// finished, at once if it is between layers or in the middle of pushing a layer, else at
    /// the end of the layer under way, and its function returns [`Stopped`].
    pub fn stopped_by(mut self, flag: &'static AtomicBool) -> Checkpoint {
        self.stop = Some(flag);
        self
    }

    /// Where the checkpoint is kept.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes the checkpoint, once the file it leads to is saved: a missing one is no error.
    pub fn remove(&self) -> io::Result<()> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

/// A build stopped by its [`Checkpoint::stopped_by`] flag, its last finished layer saved (unless
/// [`Checkpointing::Unwritten`] said otherwise): the next build of the same file goes on from
/// there.
#[derive(Clone, Debug, thiserror::Error)]
#[error("stopped after depth {depth}, saved in {}", path.display())]
pub struct Stopped {
    /// The last layer saved.
    pub depth: u32,
    /// The checkpoint.
    pub path: PathBuf,
}

/// The values of a build without a checkpoint, which nothing can stop.
pub(crate) fn unstopped(built: Result<Vec<u8>, Stopped>) -> Vec<u8> {
    built.unwrap_or_else(|stopped| unreachable!("{stopped}: only a build with a checkpoint stops"))
}

/// What became of a build's checkpoint, as its [`Progress`] is told.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Checkpointing<'a> {
    /// An earlier run's checkpoint was read: the search goes on after the layer at `depth`,
    /// with `reached` of `total` entries already valued.
    Resumed {
        /// The checkpoint.
        path: &'a Path,
        /// The last layer the earlier run finished.
        depth: u32,
        /// Entries valued by then (the units of [`Progress::layer`]).
        reached: u64,
        /// Entries in all.
        total: u64,
    },
    /// A checkpoint was found but cannot be used (damaged, cut short, of another build): the
    /// search starts over.
    Ignored {
        /// The checkpoint.
        path: &'a Path,
        /// Why.
        why: &'a str,
    },
    /// A checkpoint could not be written (a full disk, a directory not writable): the search
    /// goes on without, and tries no more; nothing is lost but the chance to resume.
    Unwritten {
        /// The checkpoint.
        path: &'a Path,
        /// What the system said.
        why: &'a str,
    },
}

/// A search's bits (a layer, or the entries visited), a word at a time: a search may keep
/// them apart, interleaved with other words, or as a function of other words.
pub(crate) trait Bits {
    /// The number of words.
    fn words(&self) -> usize;
    /// Copies the words from `from` on into `out`.
    fn get(&self, from: usize, out: &mut [u64]);
    /// Sets the words from `from` on to `words`.
    fn set(&mut self, from: usize, words: &[u64]);
}

impl Bits for Vec<u64> {
    fn words(&self) -> usize {
        self.len()
    }

    fn get(&self, from: usize, out: &mut [u64]) {
        out.copy_from_slice(&self[from..from + out.len()]);
    }

    fn set(&mut self, from: usize, words: &[u64]) {
        self[from..from + words.len()].copy_from_slice(words);
    }
}

/// Calls `f` with the words of `bits` a block at a time: their first index, and the words.
pub(crate) fn blocks(bits: &dyn Bits, mut f: impl FnMut(usize, &[u64])) {
    let mut block = vec![0u64; BLOCK / 8];
    let n = bits.words();
    for from in (0..n).step_by(block.len()) {
        let words = &mut block[..(n - from).min(BLOCK / 8)];
        bits.get(from, words);
        f(from, words);
    }
}

/// A search's state at the end of a layer, as saved and read: views of the search's own
/// buffers, so that nothing is copied.
pub(crate) struct Parts<'a> {
    /// The layer just found.
    pub depth: u32,
    /// The entries at each depth, up to `depth`.
    pub counts: &'a mut Vec<u64>,
    /// Units of progress recorded so far.
    pub reached: &'a mut u64,
    /// The words of the layer just found. Read back before `visited` (which a search may
    /// keep as a function of both).
    pub layer: &'a mut dyn Bits,
    /// The visited bits.
    pub visited: &'a mut dyn Bits,
    /// The values recorded, one run of bytes per chunk.
    pub records: Vec<&'a mut [u8]>,
}

/// The saver of a build with a `checkpoint`, if it has one: `key` names the build, so that a
/// checkpoint of another is never read into it.
pub(crate) fn saver<'a>(
    checkpoint: Option<&'a Checkpoint>,
    progress: &'a dyn Progress,
    key: impl FnOnce() -> String,
) -> Option<Saver<'a>> {
    checkpoint.map(|checkpoint| Saver::new(checkpoint, key(), progress))
}

/// What reading a checkpoint came to.
pub(crate) enum Resumed {
    /// There is none (or it cannot be opened): the buffers are untouched.
    Fresh,
    /// The search goes on after the layer at this depth, the buffers as the checkpoint says.
    From(u32),
    /// It cannot be used, and the buffers may hold part of it: they are to be reset.
    Spoiled,
}

/// A search's checkpointing: where, for which build, and when the next is due.
pub(crate) struct Saver<'a> {
    checkpoint: &'a Checkpoint,
    /// Names the build: a checkpoint of any other is ignored.
    key: String,
    progress: &'a dyn Progress,
    /// When the last checkpoint ended (or the search began), and how long it took to write.
    last: Instant,
    cost: Duration,
    /// A checkpoint could not be written: none is tried again.
    failed: bool,
    /// The depth of the last layer saved.
    saved: Option<u32>,
}

impl<'a> Saver<'a> {
    pub fn new(checkpoint: &'a Checkpoint, key: String, progress: &'a dyn Progress) -> Saver<'a> {
        Saver {
            checkpoint,
            key,
            progress,
            last: Instant::now(),
            cost: Duration::ZERO,
            failed: false,
            saved: None,
        }
    }

    /// The flag that stops the build, if any.
    pub fn stop_flag(&self) -> Option<&'static AtomicBool> {
        self.checkpoint.stop
    }

    /// Whether the build is asked to stop.
    pub fn stopping(&self) -> bool {
        self.stop_flag().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the layer at `depth` is saved already.
    pub fn saved(&self, depth: u32) -> bool {
        self.saved == Some(depth)
    }

    /// What a build stopped now says.
    pub fn stopped(&self) -> Stopped {
        Stopped {
            depth: self.saved.unwrap_or(0),
            path: self.checkpoint.path.clone(),
        }
    }

    /// Whether a layer ending now is to be saved.
    pub fn due(&self) -> bool {
        let every = self.checkpoint.every;
        !self.failed
            && (every.is_zero() || self.last.elapsed() >= every.max(self.cost * COST_FACTOR))
    }

    /// Reads an earlier run's checkpoint into `parts`. Only [`Resumed::From`] is said to the
    /// progress: the search checks what it read before it goes on, and says if it cannot.
    pub fn resume(&mut self, parts: &mut Parts<'_>) -> Resumed {
        let file = match File::open(&self.checkpoint.path) {
            Ok(file) => file,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return Resumed::Fresh;
            }
            Err(e) => {
                self.ignored(&e.to_string());
                return Resumed::Fresh;
            }
        };
        let read = codec::read(file, &self.key, parts);
        self.last = Instant::now();
        match read {
            Ok(depth) => {
                self.saved = Some(depth);
                Resumed::From(depth)
            }
            Err(why) => {
                self.ignored(&why);
                Resumed::Spoiled
            }
        }
    }

    /// Tells the progress that the search goes on after the layer at `depth`.
    pub fn resumed(&self, depth: u32, reached: u64, total: u64) {
        let path = &self.checkpoint.path;
        self.progress.checkpointing(Checkpointing::Resumed {
            path,
            depth,
            reached,
            total,
        });
    }

    /// Tells the progress that the checkpoint cannot be used, and why.
    pub fn ignored(&mut self, why: &str) {
        self.saved = None;
        let path = &self.checkpoint.path;
        self.progress
            .checkpointing(Checkpointing::Ignored { path, why });
    }

    /// Saves `parts` as the checkpoint, telling the progress if it cannot (and then trying no
    /// more: what failed once would fail at every layer).
    pub fn save(&mut self, parts: &Parts<'_>) {
        let started = Instant::now();
        let path = &self.checkpoint.path;
        if let Err(e) = crate::save::save_with(path, true, Synced::No, |file| {
            codec::write(file, &self.key, parts)
        }) {
            let why = e.to_string();
            self.progress
                .checkpointing(Checkpointing::Unwritten { path, why: &why });
            self.failed = true;
        } else {
            self.saved = Some(parts.depth);
        }
        self.cost = started.elapsed();
        self.last = Instant::now();
    }
}

/// Bytes converted at a time between words and the file.
const BLOCK: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::Mutex;

    use tilebase_core::{Board, Metric};
    use tilebase_pattern::{Grid, Pattern, Relabelling};

    use super::*;
    use crate::NoProgress;

    /// A progress that stops the build when the layer at `stop` ends, as a killed process stops
    /// (the checkpoint of the layer before is saved; this one's is not), and keeps what it is
    /// told of checkpoints.
    #[derive(Default)]
    struct Told {
        stop: Option<u32>,
        events: Mutex<Vec<String>>,
    }

    impl Progress for Told {
        fn layer(&self, depth: u32, _: u64, _: u64) {
            if self.stop == Some(depth) {
                stop();
            }
        }

        fn checkpointing(&self, event: Checkpointing<'_>) {
            let said = match event {
                Checkpointing::Resumed { depth, .. } => format!("resumed after {depth}"),
                Checkpointing::Ignored { why, .. } => format!("ignored: {why}"),
                Checkpointing::Unwritten { why, .. } => format!("unwritten: {why}"),
            };
            self.events.lock().unwrap().push(said);
        }
    }

    struct Killed;

    /// Stops a build as [`Told`] does, without the panic's message on stderr.
    fn stop() -> ! {
        static QUIET: std::sync::Once = std::sync::Once::new();
        QUIET.call_once(|| {
            let said = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                if !info.payload().is::<Killed>() {
                    said(info);
                }
            }));
        });
        std::panic::panic_any(Killed)
    }

    /// Runs `build` stopped at the end of every layer in turn, then again, to the end, from
    /// the checkpoint left: each time the values are those of the build never stopped, and the
    /// build says it resumed after the layer before the one it was stopped in.
    fn resumes_at_every_layer(name: &str, build: &dyn Fn(&dyn Progress, &Checkpoint) -> Vec<u8>) {
        let dir = tempfile::tempdir().unwrap();
        let checkpoint = Checkpoint::beside(&dir.path().join("built")).every(Duration::ZERO);
        let whole = build(&NoProgress, &checkpoint);
        let depths = u32::from(*whole.iter().filter(|&&v| v != u8::MAX).max().unwrap());
        assert!(depths > 10, "{name}: {depths} layers");
        for stop in 0..=depths {
            checkpoint.remove().unwrap();
            let stopping = Told {
                stop: Some(stop),
                ..Told::default()
            };
            let run = catch_unwind(AssertUnwindSafe(|| build(&stopping, &checkpoint)));
            assert!(run.is_err(), "{name}: stopped at {stop}");
            let again = Told::default();
            let values = build(&again, &checkpoint);
            assert!(values == whole, "{name}: stopped at {stop}");
            // The seed's layer is never saved: a build stopped in the first layer starts over.
            let expected = match stop {
                0 | 1 => vec![],
                _ => vec![format!("resumed after {}", stop - 1)],
            };
            assert_eq!(*again.events.lock().unwrap(), expected, "{name}");
        }
    }

    #[test]
    fn a_full_table_goes_on_from_its_last_saved_layer() {
        for (board, metric) in [
            (Board::THREE_BY_THREE, Metric::Single),
            (Board::THREE_BY_THREE, Metric::Multi),
            ("4x2".parse().unwrap(), Metric::Single),
        ] {
            let goal = board.canonical_goals()[0];
            resumes_at_every_layer(&format!("{board} {metric}"), &|progress, checkpoint| {
                crate::build_table_resuming(&goal, metric, progress, checkpoint).unwrap()
            });
        }
    }

    #[test]
    fn a_pattern_goes_on_from_its_last_saved_layer() {
        for (w, h, tiles) in [(3, 3, &[1u8, 2, 3, 4][..]), (4, 4, &[1, 2, 5, 6])] {
            let grid = Grid::new(w, h).unwrap();
            let goal: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
            let pattern = Pattern::new(grid, &goal, tiles).unwrap();
            resumes_at_every_layer(&format!("{grid} {tiles:?}"), &|progress, checkpoint| {
                crate::build_pattern_resuming(&pattern, progress, checkpoint).unwrap()
            });
        }
    }

    #[test]
    fn a_relabelled_table_goes_on_from_its_last_saved_layer() {
        let grid = Grid::new(3, 3).unwrap();
        let goal: Vec<u8> = (1..9).chain([0]).collect();
        let relabelling = Relabelling::new(grid, &goal, &[1, 1, 2, 2, 3, 3, 4, 4, 0]).unwrap();
        for metric in [Metric::Single, Metric::Multi] {
            resumes_at_every_layer(&format!("relabelled {metric}"), &|progress, checkpoint| {
                crate::build_relabelled_resuming(&relabelling, metric, progress, checkpoint)
                    .unwrap()
            });
        }
    }

    /// A checkpoint cut short, with a byte changed, of another build, or not a checkpoint at
    /// all is said to be ignored, and the build starts over to the same values.
    #[test]
    fn a_checkpoint_that_cannot_be_used_is_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let checkpoint = Checkpoint::beside(&dir.path().join("built")).every(Duration::ZERO);
        let grid = Grid::new(4, 4).unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let pattern = Pattern::new(grid, &goal, &[1, 2, 5, 6]).unwrap();
        let other = Pattern::new(grid, &goal, &[3, 4, 7, 8]).unwrap();
        let whole = crate::build_pattern(&pattern, &NoProgress);
        let stopped = |pattern: &Pattern| {
            let stopping = Told {
                stop: Some(12),
                ..Told::default()
            };
            let run = catch_unwind(AssertUnwindSafe(|| {
                crate::build_pattern_resuming(pattern, &stopping, &checkpoint).unwrap()
            }));
            assert!(run.is_err());
            std::fs::read(checkpoint.path()).unwrap()
        };
        let saved = stopped(&pattern);
        let mut changed = saved.clone();
        let middle = changed.len() / 2;
        changed[middle] ^= 0x10;
        let cases: [(&str, Vec<u8>, &str); 4] = [
            (
                "cut short",
                saved[..saved.len() - 9].to_vec(),
                "ignored: cut short",
            ),
            ("a byte changed", changed, "ignored: "),
            (
                "another build's",
                stopped(&other),
                "ignored: the checkpoint of another build",
            ),
            ("not one", b"tilebase".to_vec(), "ignored: "),
        ];
        for (name, bytes, said) in cases {
            std::fs::write(checkpoint.path(), bytes).unwrap();
            let again = Told::default();
            let values = crate::build_pattern_resuming(&pattern, &again, &checkpoint).unwrap();
            assert!(values == whole, "{name}");
            let events = again.events.lock().unwrap();
            assert_eq!(events.len(), 1, "{name}: {events:?}");
            assert!(events[0].starts_with(said), "{name}: {events:?}");
        }
    }

    /// A checkpoint that cannot be written is said once, and the build goes on without.
    #[test]
    fn a_checkpoint_that_cannot_be_written_costs_nothing_but_itself() {
        let dir = tempfile::tempdir().unwrap();
        let blocked = dir.path().join("file");
        std::fs::write(&blocked, b"").unwrap();
        // Its directory is a file: nothing can be written there.
        let checkpoint = Checkpoint::beside(&blocked.join("built")).every(Duration::ZERO);
        let goal = Board::THREE_BY_THREE.canonical_goals()[0];
        let told = Told::default();
        let table = crate::build_table_resuming(&goal, Metric::Single, &told, &checkpoint).unwrap();
        assert!(table == crate::build_table(&goal));
        let events = told.events.lock().unwrap();
        assert_eq!(events.len(), 1, "{events:?}");
        assert!(events[0].starts_with("unwritten: "), "{events:?}");
        checkpoint.remove().unwrap_err();
    }

    /// What a build that may be stopped returns.
    type Built = Result<Vec<u8>, Stopped>;

    /// Asks its build to stop (sets `flag`) at the end of the layer at `depth`, or, with
    /// `pushed`, once that many entries of later layers are expanded (in the middle of a
    /// pattern's layer); keeps the last layer ended.
    struct AskToStop {
        flag: &'static AtomicBool,
        depth: u32,
        pushed: Option<u64>,
        ended: std::sync::atomic::AtomicU32,
    }

    impl Progress for AskToStop {
        fn layer(&self, depth: u32, _: u64, _: u64) {
            self.ended.store(depth, Ordering::Relaxed);
            if depth == self.depth && self.pushed.is_none() {
                self.flag.store(true, Ordering::Relaxed);
            }
        }

        fn expanded(&self, done: u64) {
            if self.pushed.is_some_and(|p| done >= p)
                && self.ended.load(Ordering::Relaxed) >= self.depth
            {
                self.flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Stops `build` by its flag at the end of a layer, and (`pushed`) in the middle of one:
    /// it returns at once with the last layer it finished saved, and the next build goes on
    /// from that layer to the values of a build never stopped.
    fn stops_with_its_last_layer_saved(
        name: &str,
        flag: &'static AtomicBool,
        pushed: Option<u64>,
        build: &dyn Fn(&dyn Progress, &Checkpoint) -> Built,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let plain = Checkpoint::beside(&dir.path().join("built"));
        let whole = build(&NoProgress, &plain).unwrap();
        plain.remove().unwrap();
        for depth in [3, 9] {
            flag.store(false, Ordering::Relaxed);
            let asking = AskToStop {
                flag,
                depth,
                pushed,
                ended: Default::default(),
            };
            let stopped = build(&asking, &plain.clone().stopped_by(flag)).unwrap_err();
            // Every layer ended was saved: the last, or (stopped while pushing) the one before.
            let ended = asking.ended.load(Ordering::Relaxed);
            assert_eq!(stopped.depth, ended, "{name}: asked at {depth}");
            assert!(ended >= depth, "{name}");
            flag.store(false, Ordering::Relaxed);
            let again = Told::default();
            let values = build(&again, &plain).unwrap();
            assert!(values == whole, "{name}: stopped at {ended}");
            let said = again.events.lock().unwrap().clone();
            assert_eq!(said, [format!("resumed after {ended}")], "{name}");
            plain.remove().unwrap();
        }
    }

    #[test]
    fn a_full_table_stopped_saves_its_last_layer() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let goal = Board::THREE_BY_THREE.canonical_goals()[0];
        stops_with_its_last_layer_saved("3x3", &STOP, None, &|progress, checkpoint| {
            crate::build_table_resuming(&goal, Metric::Single, progress, checkpoint)
        });
    }

    #[test]
    fn a_pattern_stopped_saves_its_last_layer() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let grid = Grid::new(4, 4).unwrap();
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let pattern = Pattern::new(grid, &goal, &[1, 2, 5, 6]).unwrap();
        let build = |progress: &dyn Progress, checkpoint: &Checkpoint| {
            crate::build_pattern_resuming(&pattern, progress, checkpoint)
        };
        // Between layers, then while pushing one (after its first chunk).
        stops_with_its_last_layer_saved("4x4 [1, 2, 5, 6]", &STOP, None, &build);
        stops_with_its_last_layer_saved("4x4 [1, 2, 5, 6] pushing", &STOP, Some(1), &build);
    }

    #[test]
    fn a_relabelled_table_stopped_saves_its_last_layer() {
        static STOP: AtomicBool = AtomicBool::new(false);
        let grid = Grid::new(3, 3).unwrap();
        let goal: Vec<u8> = (1..9).chain([0]).collect();
        let relabelling = Relabelling::new(grid, &goal, &[1, 1, 2, 2, 3, 3, 4, 4, 0]).unwrap();
        stops_with_its_last_layer_saved("relabelled", &STOP, None, &|progress, checkpoint| {
            crate::build_relabelled_resuming(&relabelling, Metric::Multi, progress, checkpoint)
        });
    }
}
