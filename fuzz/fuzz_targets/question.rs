//! A question's words as a front end reads them (`--board`, `--goal`, `--metric`, `--pdb`, and
//! a state that may name the board): refused with a one-line message, or a question whose own
//! words, written out, read back as the same question. The input is text, one word a line: the
//! state, `--board`, `--goal`, `--metric` and `--pdb`, `~` for a word not given.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilebase_answer::Question;
use tilebase_fuzz::one_line;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // One line per word: state, board, goal, metric, partition; `~` (or no line) for none.
    let mut lines = text.split('\n');
    let mut word = || lines.next().filter(|&line| line != "~");
    let (state, board, goal, metric, pdb) = (word(), word(), word(), word(), word());
    let read = Question::read_text_about(state, board, goal, metric, pdb);
    let question = match read {
        Ok(question) => question,
        Err(error) => {
            one_line(&error.to_string());
            return;
        }
    };
    assert_eq!(question.goal().board(), question.board());
    let _ = question.to_string();
    // The class's files answer for the question: its board, or the board turned on its side
    // (the tall one), in the question's metric; and a class is its own.
    let class = question.class();
    assert!(
        class.board() == question.board() || class.board() == question.board().tall(),
        "{question}: class on {}",
        class.board()
    );
    assert_eq!(class.metric(), question.metric());
    assert_eq!(class.class(), class, "{question}");
    let board = question.board().to_string();
    let goal = question.goal().to_string();
    let pdb = question.pdb().map(|p| p.name());
    let again = Question::read_text(
        Some(&board),
        Some(&goal),
        Some(question.metric().name()),
        pdb.as_deref(),
    );
    assert_eq!(again.ok(), Some(question), "{board} {goal} {pdb:?}");
});
