//! `build-db --board 4x4`: the pattern database files of a 15-puzzle goal's class.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use tilebase_core::Metric;
use tilebase_pattern::{ClassFrame, FOUR_BY_FOUR, Partition, cells_to_string};

use super::{build_files, goal_of};
use crate::exit::{self, parse_args};
use crate::locate::LOCAL_DIR;
use crate::progress::Quiet;

/// Builds the pattern databases that answer 15-puzzle states (`--board 4x4`) for a goal: one
/// file per pattern of the partition, for the canonical goal of the goal's class (blank in a
/// corner, on an edge or inside), which answers for every goal of that class.
#[derive(Debug, Parser)]
#[command(name = "build-db", version)]
pub struct Args {
    /// Board: 4x4
    #[arg(long, value_name = "WxH")]
    pub board: String,
    /// Goal state [default: 1,2,...,15,0]
    #[arg(long, value_name = "STATE")]
    pub goal: Option<String>,
    /// The partition: 7-8 (the strongest: 288 MB, minutes to build), 6-6-3 or 5-5-5 (seconds)
    #[arg(long, value_name = "7-8|6-6-3|5-5-5", default_value_t = Partition::SevenEight)]
    pub pdb: Partition,
    /// Output directory [default: db]
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Replace files that exist
    #[arg(long)]
    pub force: bool,
    /// How moves are counted: stm only on 4x4
    #[arg(long, value_name = "stm|mtm")]
    pub metric: Option<Metric>,
    /// Not on 4x4: pattern files are memory-mapped as they are
    #[arg(long)]
    pub compress: bool,
    /// The files of every class of goal (three sets)
    #[arg(long, conflicts_with = "goal")]
    pub all_goals: bool,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Runs `build-db --board 4x4`.
pub fn main() -> ExitCode {
    let args = match parse_args::<Args>("build-db") {
        Ok(args) => args,
        Err(code) => return code,
    };
    args.quiet.apply();
    exit::print_or_report("build-db", run(&args))
}

fn run(args: &Args) -> Result<String, String> {
    if args.metric == Some(Metric::Multi) {
        return Err(
            "--metric mtm: 4x4 pattern databases count single-tile moves (stm) only".into(),
        );
    }
    if args.compress {
        return Err(
            "--compress: 4x4 pattern files are memory-mapped as they are, not compressed".into(),
        );
    }
    let dir = args.out.clone().unwrap_or_else(|| PathBuf::from(LOCAL_DIR));
    if dir.is_file() {
        return Err(format!(
            "{}: is a file; on 4x4, --out names a directory",
            dir.display()
        ));
    }
    let goals: Vec<Vec<u8>> = if args.all_goals {
        // A goal of each class: the blank in a corner, on an edge, inside.
        [15usize, 14, 10]
            .iter()
            .map(|&blank| {
                let mut goal: Vec<u8> = (1..16).collect();
                goal.insert(blank, 0);
                goal
            })
            .collect()
    } else {
        vec![goal_of(args.goal.as_deref())?]
    };
    let mut summary = String::new();
    for goal in goals {
        let frame = ClassFrame::new(FOUR_BY_FOUR, &goal);
        let canonical = frame.canonical();
        let started = Instant::now();
        let saved = build_files(canonical, args.pdb, &dir, args.force, "build-db")?;
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(summary, "board     4x4");
        let _ = writeln!(summary, "goal      {}", cells_to_string(&goal));
        if canonical != goal.as_slice() {
            let _ = writeln!(
                summary,
                "class     answered through goal {} (the same class of the blank's cell)",
                cells_to_string(canonical)
            );
        }
        // The mirror about a diagonal needs the blank on one: a corner or inside, not an edge.
        let blank = canonical.iter().position(|&t| t == 0).unwrap_or(0);
        let (row, col) = (blank / 4, blank % 4);
        let reflected = row == col || row + col == 3;
        let _ = writeln!(
            summary,
            "patterns  {} (additive{})",
            args.pdb,
            if reflected {
                ", with the reflected lookup"
            } else {
                ""
            }
        );
        for s in &saved {
            let h = &s.header;
            let _ = writeln!(
                summary,
                "  tiles {:<24} {:>11} placements, max {:>2} moves, file {} ({} bytes)",
                cells_to_string(&h.tiles),
                h.entry_count,
                h.max_value,
                s.path.display(),
                s.bytes
            );
        }
        let _ = writeln!(summary, "time      {seconds:.1} s");
        let _ = writeln!(summary, "metric    stm (single-tile moves)\n");
    }
    Ok(summary)
}
