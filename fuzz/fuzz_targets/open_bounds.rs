//! Pattern database files of boards past 25 cells. The first byte chooses what the rest is:
//!
//! - even: any bytes as a file, refused or opened; one opened has exactly a value per placement
//!   of its group, and its values make a table of that group;
//! - odd: the values of a 3x3 group of two tiles (81 placements; any values), written as a
//!   file that is refused when it would not open (not one value 0, or a value past the
//!   unreached mark's place) and otherwise opens and reads back the same.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use tilebase_bounds::Table;
use tilebase_core::Board;
use tilebase_lookup::BoundsFile;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode & 1 == 0 {
        if let Ok(file) = BoundsFile::from_bytes(rest) {
            let entries = (file.board().cells() as u64).pow(file.homes().len() as u32);
            assert_eq!(file.values().len() as u64, entries);
            let values = Arc::new(file.values().to_vec());
            assert!(Table::from_values(file.board(), file.homes(), values).is_some());
        }
        return;
    }
    let board = Board::THREE_BY_THREE;
    let homes = [0u8, 4];
    let values: Vec<u8> = (0..81)
        .map(|i| rest.get(i % rest.len().max(1)).copied().unwrap_or(0))
        .collect();
    let mut bytes = Vec::new();
    let written = tilebase_format::bounds::write(&mut bytes, board, &homes, &values);
    let zeros = values.iter().filter(|&&v| v == 0).count();
    if zeros == 1 {
        written.expect("writing to memory");
        let file = BoundsFile::from_bytes(&bytes[..]).expect("a file written whole opens");
        assert_eq!((file.values(), file.homes()), (&values[..], &homes[..]));
    } else {
        let error = written.expect_err("values with not one 0 are not written");
        assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput, "{error}");
        assert!(bytes.is_empty());
    }
});
