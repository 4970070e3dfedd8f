//! Arguments as Python gives them, read: states and goals (strings, bytes or sequences of
//! ints), whole numbers, and the names of types for the messages that refuse them.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFrozenSet, PyInt, PySet, PyString};
use tilebase_answer::{Given, Int, quote};

use super::errors::{Answer, Failure};

/// The most cells a sequence is read for: more than any board has, by far. A longer one is
/// refused by its length alone.
const MOST_CELLS: usize = 64;

/// A state or goal as Python gives it: a string in any form `query` reads, bytes holding one,
/// or a sequence of ints.
pub(super) fn given(obj: &Bound<'_, PyAny>, what: &str) -> Answer<Given> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(Given::Text(text.to_cow()?.into_owned()));
    }
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        return match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Given::text(text)),
            Err(_) => Err(Failure::Value(format!(
                "{}: not valid UTF-8",
                quote(&String::from_utf8_lossy(bytes))
            ))),
        };
    }
    // A mapping or a set has a length and can be iterated, but has no order of cells.
    let unordered = obj.is_instance_of::<PyDict>()
        || obj.is_instance_of::<PySet>()
        || obj.is_instance_of::<PyFrozenSet>();
    let not_a_state = || {
        Failure::Type(format!(
            "{what} must be a string like \"603712458\" or a sequence of ints, not {}",
            type_name(obj)
        ))
    };
    if unordered {
        return Err(not_a_state());
    }
    let len = obj.len().map_err(|_| not_a_state())?;
    let iter = obj.try_iter().map_err(|_| not_a_state())?;
    let mut values = Vec::with_capacity(len.min(MOST_CELLS));
    for (i, item) in iter.enumerate() {
        let item = item?;
        let value = match item.extract::<i64>() {
            Ok(n) => Int::Small(n),
            Err(_) => {
                // Anything that is an int (Python's `__index__`: NumPy's integers too) but does
                // not fit in 64 bits is out of range, and said in its digits.
                let Ok(int) = item.call_method0("__index__") else {
                    return Err(Failure::Type(format!(
                        "{what}: cell {i} is {}, not an int",
                        type_name(&item)
                    )));
                };
                Int::Big(int.str()?.to_cow()?.into())
            }
        };
        values.push(value);
        if values.len() > MOST_CELLS {
            return Ok(Given::too_many(len.max(values.len()), &values));
        }
    }
    Ok(Given::sequence(&values))
}

/// The name of an object's type, for a message.
pub(super) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .and_then(|name| name.extract::<String>())
        .unwrap_or_else(|_| "an object".into())
}

/// A whole number of at least 0, as `count` and `seed` take it (saturating far above any use).
/// The `memory` argument: the bytes A* may take in A*+IDA* (`query --memory`), as an int or a
/// size written as `query --memory` reads it ("512M", "2G", "0"); `None` for the default.
pub(super) fn memory(obj: Option<&Bound<'_, PyAny>>) -> Answer<Option<usize>> {
    let Some(obj) = obj else { return Ok(None) };
    if let Ok(text) = obj.cast::<PyString>() {
        return tilebase_answer::parse_size(&text.to_cow()?)
            .map(Some)
            .map_err(|e| Failure::Value(format!("memory {e}")));
    }
    if !obj.is_instance_of::<PyInt>() {
        return Err(Failure::Type(format!(
            "memory must be an int (bytes) or a size like \"512M\", not {}",
            type_name(obj)
        )));
    }
    let bytes = whole_number(obj, "memory")?;
    Ok(Some(usize::try_from(bytes).unwrap_or(usize::MAX)))
}

pub(super) fn whole_number(obj: &Bound<'_, PyAny>, what: &str) -> Answer<u128> {
    if !obj.is_instance_of::<PyInt>() {
        return Err(Failure::Type(format!(
            "{what} must be an int, not {}",
            type_name(obj)
        )));
    }
    match obj.extract::<u128>() {
        Ok(n) => Ok(n),
        Err(_) if obj.gt(0)? => Ok(u128::MAX),
        Err(_) => Err(Failure::Value(format!("{what} {obj}: must be 0 or more"))),
    }
}
