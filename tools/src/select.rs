//! Which board and goal the flags ask for.

use tilebase_core::{Board, State};

/// The board and goal from `--board` and `--goal`: the board as given, else read off the goal,
/// else 3x3; the goal as given, else the board's default (123804765 on 3x3, tiles in order with
/// the blank last elsewhere).
pub fn board_and_goal(board: Option<Board>, goal: Option<&str>) -> Result<(Board, State), String> {
    let bad_goal = |e| format!("--goal {}: {e}", crate::exit::quote(goal.unwrap_or("")));
    match (board, goal) {
        (Some(board), Some(text)) => Ok((board, State::parse(board, text).map_err(bad_goal)?)),
        (None, Some(text)) => {
            let goal: State = text.parse().map_err(bad_goal)?;
            Ok((goal.board(), goal))
        }
        (Some(board), None) => Ok((board, board.default_goal())),
        (None, None) => Ok((Board::THREE_BY_THREE, Board::THREE_BY_THREE.default_goal())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_comes_from_the_flag_the_goal_or_the_default() {
        let (b, g) = board_and_goal(None, None).unwrap();
        assert_eq!(
            (b.to_string(), g.to_string()),
            ("3x3".into(), "123804765".into())
        );
        let (b, g) = board_and_goal(Some("3x2".parse().unwrap()), None).unwrap();
        assert_eq!(
            (b.to_string(), g.to_string()),
            ("3x2".into(), "123450".into())
        );
        let (b, _) = board_and_goal(None, Some("12/34/50")).unwrap();
        assert_eq!(b.to_string(), "2x3");
        assert_eq!(
            board_and_goal(None, Some("123450")).unwrap_err(),
            "--goal \"123450\": 6 cells fit both 3x2 and 2x3: name the board, or write the rows with /"
        );
    }
}
