//! tilebase's command-line programs over the answering library, `tilebase-answer`: each a
//! module here with its clap arguments and a `run`, and a thin `main` in `src/bin/` that runs it
//! through `tilebase_program::run` (the flags read with a one-line error, the exit codes, the
//! progress bars: what every program shares).
#![forbid(unsafe_code)]

pub mod analyse;
pub mod build_db;
pub mod compare;
pub mod label;
pub mod query;
pub mod random;
pub mod stats;
pub mod text;
pub mod verify;

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every flag a program accepts is in its `--help` (none hidden: `--pdb` and `--max-nodes`
    /// once were), and a `--board` flag says the boards there are: up to 12 cells from tables,
    /// 13 to 25 from pattern databases.
    #[test]
    fn help_lists_every_flag_and_the_true_board_limits() {
        let programs = [
            crate::query::Args::command(),
            crate::build_db::Args::command(),
            crate::verify::Args::command(),
            crate::compare::Args::command(),
            crate::stats::Args::command(),
            crate::random::Args::command(),
            crate::analyse::Args::command(),
            crate::label::Args::command(),
        ];
        let mut boards = 0;
        for mut program in programs {
            let name = program.get_name().to_string();
            let help = program.render_long_help().to_string();
            for arg in program.get_arguments() {
                assert!(!arg.is_hide_set(), "{name}: --{} is hidden", arg.get_id());
                if let Some(long) = arg.get_long() {
                    assert!(help.contains(&format!("--{long}")), "{name}: --{long}");
                }
                if arg.get_long() == Some("board") {
                    let said = arg.get_help().map(ToString::to_string).unwrap_or_default();
                    assert!(
                        said.contains("up to 12 cells") && said.contains("13 to 25"),
                        "{name} --board: {said}"
                    );
                    boards += 1;
                }
            }
        }
        assert!(boards >= 6, "{boards} programs take --board");
    }
}
