//! `analyse`: judges recorded solves move by move against the optimal distance.

use std::io::{self, Read, Write};

use clap::Parser;
use tilebase_answer::{Analysis, Answers, Letters, json, quote, read_solution};

use tilebase_program::exit::{self, report};
use tilebase_program::quiet::Quiet;
use tilebase_program::which::Which;

/// Judges a solve move by move, as speedsolvers study theirs: for each move the distance
/// before and after it, whether it kept the solution optimal and, if not, what it cost and
/// which moves would have been optimal; then the solve's length, the optimal length and the
/// moves lost. On every board tilebase answers, in the metric chosen.
///
/// Exit status: 0 when every solve was judged, 1 when a scramble cannot reach the goal, 2 on any
/// error (an illegal move, a solution that does not reach the goal, an unreadable line, a bad
/// flag). A batch reports a bad line and goes on.
#[derive(Debug, Parser)]
#[command(name = "analyse", version)]
pub struct Args {
    /// The scrambled state, in any form query reads (603712458, "1 2 3 4/5 6 7 8/..."). `-` or
    /// none: read solves from stdin, one `SCRAMBLE<TAB>SOLUTION` a line
    #[arg(value_name = "SCRAMBLE")]
    pub scramble: Option<String>,
    /// The solution played: letters U, D, L, R, each optionally followed by a count (`D3R2` is
    /// `DDDRR`), spaces allowed
    #[arg(value_name = "SOLUTION")]
    pub solution: Option<String>,
    /// How solutions are read and written: blank, the direction the blank moves (tilebase's);
    /// tile, the direction the tiles slide (slidy's and slidysim's)
    #[arg(long, value_name = "blank|tile", default_value = "blank")]
    pub moves: Letters,
    /// Print JSON Lines: one object per solve, in input order
    #[arg(long)]
    pub json: bool,
    /// Also draw the solve as an animated SVG picture in FILE, each board captioned with its
    /// move and distances, the moves that lost time marked in red (for one solve)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Which answers: --db, --board, --goal, --metric, --pdb.
    #[command(flatten)]
    pub which: Which,
    /// --quiet: no progress bar.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// Runs `analyse` as `args` ask: its exit status, or the error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    let solves: Vec<(Option<u64>, String, String)> = match (&args.scramble, &args.solution) {
        (Some(scramble), Some(solution)) if scramble != "-" => {
            vec![(None, scramble.clone(), solution.clone())]
        }
        (Some(scramble), None) if scramble != "-" => {
            return Err(format!(
                "{}: give the solution too (analyse SCRAMBLE SOLUTION), or - to read \
                 SCRAMBLE<TAB>SOLUTION lines from stdin",
                quote(scramble)
            ));
        }
        (Some(_), Some(solution)) => {
            return Err(format!(
                "{}: - reads the solves from stdin; give no solution with it",
                quote(solution)
            ));
        }
        _ => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("reading stdin: {e}"))?;
            text.lines()
                .enumerate()
                .filter(|(_, line)| !line.trim().is_empty())
                .map(|(i, line)| {
                    let (scramble, solution) = line.split_once('\t').unwrap_or((line, ""));
                    (
                        Some(i as u64 + 1),
                        scramble.to_string(),
                        solution.to_string(),
                    )
                })
                .collect()
        }
    };
    if args.svg.is_some() && solves.len() != 1 {
        return Err("--svg draws one solve: give SCRAMBLE SOLUTION, not a batch".into());
    }
    let answers = args.which.open(
        None,
        solves.first().map(|(_, scramble, _)| scramble.as_str()),
        "analyse",
    )?;
    let mut status = exit::OK;
    let mut out = io::stdout().lock();
    for (line, scramble, solution) in &solves {
        let mut text = Vec::new();
        match judge(&answers, scramble, solution, args.moves) {
            Ok(analysis) => {
                if let Some(file) = &args.svg {
                    let picture =
                        tilebase_answer::draw::svg_judged(&analysis, answers.goal(), args.moves);
                    tilebase_program::files::write_atomically(file, picture.as_bytes())
                        .map_err(|e| format!("--svg {}: {e}", file.display()))?;
                }
                if args.json {
                    let (goal, board) = answers.names();
                    let context = json::Context {
                        goal,
                        board,
                        metric: answers.metric(),
                    };
                    json::analysis(&mut text, &context, &analysis, args.moves);
                    text.push(b'\n');
                } else {
                    text.extend_from_slice(human(&answers, &analysis, args.moves).as_bytes());
                }
            }
            Err((problem, unsolvable)) => {
                status = status.max(if unsolvable {
                    exit::UNSOLVABLE
                } else {
                    exit::ERROR
                });
                let place = line.map_or(String::new(), |n| format!("line {n}: "));
                if args.json {
                    let input = format!("{scramble}\t{solution}");
                    json::refused(&mut text, &input, &format!("{place}{problem}"));
                    text.push(b'\n');
                } else {
                    report("analyse", format_args!("{place}{problem}"));
                }
            }
        }
        match out.write_all(&text).and_then(|()| out.flush()) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status),
            Err(e) => return Err(format!("writing the analysis: {e}")),
        }
    }
    Ok(status)
}

/// One solve judged, or the problem in one line (and whether it is the scramble's parity).
fn judge(
    answers: &Answers,
    scramble: &str,
    solution: &str,
    letters: Letters,
) -> Result<Analysis, (String, bool)> {
    let position = answers
        .read(scramble)
        .map_err(|e| (format!("{}: {e}", quote(scramble)), false))?;
    let slides = read_solution(solution, letters)
        .map_err(|e| (format!("solution {}: {e}", quote(solution)), false))?;
    answers
        .analyse(&position, &slides)
        .map_err(|e| (e.message(letters), e.is_unsolvable()))
}

/// The analysis for people: a line for the solve, then one per move.
fn human(answers: &Answers, analysis: &Analysis, letters: Letters) -> String {
    let (goal, board) = answers.names();
    // "1 move", never "1 moves".
    let moves = if analysis.length == 1 {
        "move"
    } else {
        "moves"
    };
    let mut text = format!(
        "{} ({board}, goal {goal}, {}): {} {moves}, optimal {}, {} lost; {} of {} {moves} optimal\n",
        analysis.scramble,
        analysis.metric,
        analysis.length,
        analysis.optimal,
        analysis.lost,
        analysis.optimal_moves(),
        analysis.length,
    );
    for (i, m) in analysis.moves.iter().enumerate() {
        let played = letters.write(m.slide);
        text.push_str(&format!(
            "{:>4}  {played:<3} {:>2} -> {:>2}",
            i + 1,
            m.before,
            m.after
        ));
        if m.optimal {
            text.push_str("  optimal\n");
        } else {
            let better: Vec<String> = m.better.iter().map(|&s| letters.write(s)).collect();
            text.push_str(&format!("  +{}, better: {}\n", m.lost, better.join(" ")));
        }
    }
    text
}
