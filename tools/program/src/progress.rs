//! Progress bars on stderr for the jobs that take over a second (12-cell builds, pattern
//! databases, their verification), and what the programs say of the files they find and build.
//!
//! A bar is drawn only when stderr is a terminal and `--quiet` was not given: never a byte of it
//! reaches a pipe, a file or JSON output. It says what is being done, how far it is, the rate
//! and the time left, and is cleared when the job ends, leaving the program's own output.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use std::fmt::Write;

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use tilebase_answer::{Building, Job, Watch};

use crate::quiet::is_quiet;

/// Jobs over tables smaller than this finish in well under a second: no bar.
const SHOWN_FROM: u64 = 10_000_000;

/// A bar over `total` units of work (`unit` names them: "states", "entries"), headed `what`,
/// with room for a message on the stage reached: hidden unless stderr is a terminal, the
/// process is not quiet, and the job is large.
pub fn bar(what: &str, total: u64, unit: &str) -> ProgressBar {
    bar_from(what, total, unit, SHOWN_FROM)
}

/// [`bar`] for a job whose units are slower: drawn from `shown_from` units (a search each, on a
/// board answered from pattern databases, takes milliseconds: a few hundred take a second).
pub fn bar_from(what: &str, total: u64, unit: &str, shown_from: u64) -> ProgressBar {
    if is_quiet() || total < shown_from || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let unit = unit.to_string();
    let style = ProgressStyle::with_template(
        "{prefix} {msg} [{bar:24}] {percent:>3}% {count} {rate}{left}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ")
    .with_key("count", move |state: &ProgressState, w: &mut dyn Write| {
        let total = state.len().unwrap_or(0);
        if total < 10_000_000 {
            let _ = write!(w, "{}/{total} {unit}", state.pos());
        } else {
            let total = total as f64 / 1e6;
            let _ = write!(w, "{:.1}/{total:.1}M {unit}", state.pos() as f64 / 1e6);
        }
    })
    .with_key("rate", |state: &ProgressState, w: &mut dyn Write| {
        let rate = state.per_sec();
        if rate < 1e5 {
            let _ = write!(w, "{rate:.0}/s");
        } else {
            let _ = write!(w, "{:.1}M/s", rate / 1e6);
        }
    })
    // Layers of a breadth-first search grow fast: early rates say nothing of the time left.
    .with_key("left", |state: &ProgressState, w: &mut dyn Write| {
        if state.fraction() >= 0.05 && state.fraction() < 1.0 {
            let _ = write!(w, ", {:#} left", HumanDuration(state.eta()));
        }
    });
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_prefix(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Turns `bar` into a spinner for a last stage whose length is unknown, such as writing a file.
pub fn finishing(bar: &ProgressBar, stage: &str) {
    if let Ok(style) = ProgressStyle::with_template("{prefix} {msg} {spinner} {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(stage.to_string());
}

/// A build's progress on a bar of its states: the states expanded so far where the search
/// counts them (a pattern's, in steady steps), else the states reached layer by layer (a full
/// table's, built in seconds); then the file it writes, and how far its encoding is. Cleared
/// when dropped.
pub struct Layers {
    /// The bar.
    pub bar: ProgressBar,
    /// Whether the search counts its expansions: then the layers only name the depth.
    steps: AtomicBool,
    /// Whether the bar follows the file's encoding.
    encoding: AtomicBool,
}

impl Layers {
    /// A bar for a job: see [`bar`].
    pub fn new(what: &str, total: u64, unit: &str) -> Layers {
        Layers {
            bar: bar(what, total, unit),
            steps: AtomicBool::new(false),
            encoding: AtomicBool::new(false),
        }
    }
}

impl Building for Layers {
    fn layer(&self, depth: u32, reached: u64, _total: u64) {
        self.bar.set_message(format!("depth {depth}"));
        // A pattern's search moves the bar by its expansions, steadily; a layer's count of
        // placements would make it jump.
        if !self.steps.load(Ordering::Relaxed) {
            self.bar.set_position(reached);
        }
    }

    fn expanded(&self, done: u64) {
        self.steps.store(true, Ordering::Relaxed);
        // From any thread, in any order: the bar keeps the largest count.
        if done > self.bar.position() {
            self.bar.set_position(done);
        }
    }

    fn writing(&self, path: &Path) {
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        // A spinner until the encoding says how far it is (a full table has no encoding).
        finishing(&self.bar, &format!("writing {name}"));
        self.encoding.store(false, Ordering::Relaxed);
    }

    fn encoded(&self, done: u64, total: u64) {
        if !self.encoding.swap(true, Ordering::Relaxed) {
            // The new length first: the search's full bar must not show under the new style.
            self.bar.set_length(total);
            self.bar.set_position(0);
            self.bar.reset();
            if let Ok(style) = ProgressStyle::with_template(
                "{prefix} {msg} [{bar:24}] {percent:>3}% {elapsed}, {eta} left",
            ) {
                self.bar.set_style(style.progress_chars("=> "));
            }
        }
        if done > self.bar.position() {
            self.bar.set_position(done);
        }
    }

    fn suspend(&self, say: &mut dyn FnMut()) {
        self.bar.suspend(say);
    }
}

impl tilebase_engine::Progress for Layers {
    fn layer(&self, depth: u32, reached: u64, total: u64) {
        Building::layer(self, depth, reached, total);
    }

    fn expanded(&self, done: u64) {
        Building::expanded(self, done);
    }
}

impl Drop for Layers {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// What a program shows of finding and building files: its messages on stderr, one line each
/// (`query: ...`), and a progress bar per build on a terminal.
pub struct Shown<'a> {
    /// The program's name, before each line.
    pub program: &'a str,
}

impl Watch for Shown<'_> {
    fn say(&self, message: &str) {
        crate::exit::note(self.program, message);
    }

    fn building(&self, job: &Job<'_>) -> Box<dyn Building + '_> {
        Box::new(Layers::new(
            &format!("{}: {}", self.program, job.describe()),
            job.total(),
            job.unit(),
        ))
    }
}

/// A search shows nothing until it has run this long: most end sooner.
const SEARCH_SHOWN_AFTER: Duration = Duration::from_secs(1);

/// A spinner on stderr while one long search runs (a 24-puzzle state can take minutes): the
/// length of the solutions its iteration is looking for, and the nodes generated so far
/// (`tilebase_pattern::progress`). Drawn only on a terminal, without `--quiet`, and only after
/// the search has run a second; cleared when dropped (before the answer is written).
pub struct Searching {
    bar: ProgressBar,
}

impl Searching {
    /// Starts watching the searches of this process, on behalf of `program`.
    pub fn start(program: &str) -> Searching {
        let from = tilebase_pattern::progress::nodes();
        Searching::spin(program, "{prefix}: {msg} {spinner} {elapsed}", move |_| {
            let nodes = tilebase_pattern::progress::nodes().saturating_sub(from);
            searching_message(tilebase_pattern::progress::bound(), nodes)
        })
    }

    /// Starts showing one state's bounds on behalf of `program`: the lower bound proven and
    /// the shortest solution found so far, and the time left of `seconds`.
    pub fn start_bounds(program: &str, seconds: f64) -> Searching {
        Searching::spin(program, "{prefix}: {msg} {spinner}", move |elapsed| {
            bounds_message(
                tilebase_bounds::progress::lower(),
                tilebase_bounds::progress::upper(),
                (seconds - elapsed.as_secs_f64()).max(0.0),
            )
        })
    }

    /// A spinner drawn with `template`, its message `say(time since it started)` five times a
    /// second, shown after [`SEARCH_SHOWN_AFTER`] on a terminal without `--quiet`.
    fn spin(
        program: &str,
        template: &str,
        say: impl Fn(Duration) -> String + Send + 'static,
    ) -> Searching {
        if is_quiet() || !std::io::stderr().is_terminal() {
            return Searching {
                bar: ProgressBar::hidden(),
            };
        }
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())
            .with_style(style)
            .with_prefix(program.to_string());
        let watched = bar.clone();
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let mut shown = false;
            while !watched.is_finished() {
                std::thread::sleep(Duration::from_millis(200));
                if watched.is_finished() {
                    break;
                }
                if !shown && started.elapsed() >= SEARCH_SHOWN_AFTER {
                    watched.set_draw_target(ProgressDrawTarget::stderr());
                    shown = true;
                }
                watched.set_message(say(started.elapsed()));
                watched.tick();
            }
        });
        Searching { bar }
    }
}

/// What the spinner says of one state's bounds so far, `left` seconds before its budget ends.
fn bounds_message(lower: u32, upper: Option<u32>, left: f64) -> String {
    let found = match upper {
        Some(u) => format!("a solution of {u}"),
        None => "no solution yet".to_string(),
    };
    format!("at least {lower} moves, {found}; {left:.0} s left")
}

impl Drop for Searching {
    /// Takes the spinner off the terminal for good.
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// What the spinner says of a search whose iteration looks for solutions of `bound` moves,
/// `nodes` nodes into it.
fn searching_message(bound: u32, nodes: u64) -> String {
    let nodes = match nodes {
        0..1_000_000 => format!("{nodes}"),
        1_000_000..1_000_000_000 => format!("{:.1} million", nodes as f64 / 1e6),
        _ => format!("{:.2} billion", nodes as f64 / 1e9),
    };
    format!("searching for a solution of {bound} moves, {nodes} nodes generated")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_described_by_both_ends_and_the_time_left() {
        assert_eq!(
            bounds_message(104, Some(160), 7.6),
            "at least 104 moves, a solution of 160; 8 s left"
        );
        assert_eq!(
            bounds_message(98, None, 10.0),
            "at least 98 moves, no solution yet; 10 s left"
        );
    }

    #[test]
    fn a_search_is_described_by_its_bound_and_its_nodes() {
        assert_eq!(
            searching_message(96, 4096),
            "searching for a solution of 96 moves, 4096 nodes generated"
        );
        assert_eq!(
            searching_message(70, 170_155_400),
            "searching for a solution of 70 moves, 170.2 million nodes generated"
        );
        assert_eq!(
            searching_message(101, 4_735_636_145),
            "searching for a solution of 101 moves, 4.74 billion nodes generated"
        );
    }
}
