//! Answers from a full table: each a lookup, a position of the other parity half answered
//! `None`, a damaged entry named with its file.

use tilebase_lookup::{Goal, Storage};

use crate::error::Error;
use crate::files::repair;
use crate::files::tables::TableSource;

/// A table's answer: `None` when the goal cannot be reached. A damaged entry of a table read
/// from a file names the file and the command that rebuilds it.
pub(crate) fn table_result<T>(
    source: &TableSource,
    result: Result<T, tilebase_lookup::Error>,
) -> Result<Option<T>, Error> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(tilebase_lookup::Error::Unsolvable(_)) => Ok(None),
        Err(e) => Err(repair::damaged_entry(source.file().as_ref(), e)),
    }
}

/// How many optimal paths lead from `state` to the goal: the sum over its optimal moves of the
/// counts of the states they reach (1 at the goal), each state's count worked out once.
pub(crate) fn count_table(
    goal: &Goal<'_, Storage>,
    state: tilebase_core::State,
) -> Result<u128, tilebase_lookup::Error> {
    count_below(goal, state, &mut std::collections::HashMap::new())
}

/// [`count_table`], with the counts of the states already worked out.
fn count_below(
    goal: &Goal<'_, Storage>,
    state: tilebase_core::State,
    known: &mut std::collections::HashMap<tilebase_core::State, u128>,
) -> Result<u128, tilebase_lookup::Error> {
    if let Some(&n) = known.get(&state) {
        return Ok(n);
    }
    let hints = goal.hints(&state)?;
    let mut n: u128 = if hints.iter().any(|h| h.optimal) {
        0
    } else {
        1
    };
    for hint in hints.iter().filter(|h| h.optimal) {
        let next = (0..hint.slide.cells).try_fold(state, |s, _| s.slide(hint.slide.direction));
        if let Some(next) = next {
            n = n.saturating_add(count_below(goal, next, known)?);
        }
    }
    known.insert(state, n);
    Ok(n)
}
