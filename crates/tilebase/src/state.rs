//! A state as a program holds one: text, cells, or a position already read.

use tilebase_answer::{Answers, Error, Position};

/// A state of a puzzle's board, as a program holds one: text in any form `query` reads
/// (`"603712458"`, `"6 0 3/7 1 2/4 5 8"`, `"1,2,...,15,0"`), its cells row by row (`[6, 0, 3,
/// ...]`, 0 for the blank), or a [`Position`] already read. Read on the puzzle's board, and
/// refused in `query`'s words.
pub trait IntoPosition {
    /// The position on the board of `answers`.
    fn position(self, answers: &Answers) -> Result<Position, Error>;
}

impl IntoPosition for &str {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        Ok(answers.read(self)?)
    }
}

impl IntoPosition for &String {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        Ok(answers.read(self)?)
    }
}

impl IntoPosition for &[u8] {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        Ok(Position::new(answers.board(), self)?)
    }
}

impl<const N: usize> IntoPosition for &[u8; N] {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        self.as_slice().position(answers)
    }
}

impl IntoPosition for &Vec<u8> {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        self.as_slice().position(answers)
    }
}

impl IntoPosition for &Position {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        // A position of another board is read again on this one, and refused there.
        if self.board() == answers.board() {
            Ok(*self)
        } else {
            Ok(Position::new(answers.board(), self.cells())?)
        }
    }
}

impl IntoPosition for Position {
    fn position(self, answers: &Answers) -> Result<Position, Error> {
        (&self).position(answers)
    }
}
