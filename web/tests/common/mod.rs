//! What the native and the browser's tests both check: the tables the module builds, byte for
//! byte, named by a fingerprint of their bytes. Equal fingerprints in both mean the browser's
//! module answers every state of these boards and goals exactly as the native library does.

use tilebase_web::ask::{self, Options};

/// A table the module builds: asked about its goal on its board in its metric, it is kept
/// under `name` (its class's canonical goal's), and its bytes have the fingerprint.
pub struct Table {
    pub board: &'static str,
    pub goal: &'static str,
    pub metric: &'static str,
    pub name: &'static str,
    pub fingerprint: u64,
}

/// The three classes of goal on 3x3 (centre, corner, edge), the multi-tile metric, and boards
/// of 4 to 10 cells.
pub const TABLES: &[Table] = &[
    Table {
        board: "3x3",
        goal: "123804765",
        metric: "stm",
        name: "3x3-123405678.tilebase",
        fingerprint: 0x7721baa2c43bb557,
    },
    Table {
        board: "3x3",
        goal: "123456780",
        metric: "stm",
        name: "3x3-123456780.tilebase",
        fingerprint: 0x6c10f92018c05d7d,
    },
    Table {
        board: "3x3",
        goal: "123456708",
        metric: "stm",
        name: "3x3-123456708.tilebase",
        fingerprint: 0xad4a20c404cb6dfc,
    },
    Table {
        board: "3x3",
        goal: "123804765",
        metric: "mtm",
        name: "3x3-123405678-mtm.tilebase",
        fingerprint: 0xcdabd873481a9de6,
    },
    Table {
        board: "2x2",
        goal: "1230",
        metric: "stm",
        name: "2x2-1230.tilebase",
        fingerprint: 0xe10505c00a48fe7b,
    },
    Table {
        board: "3x2",
        goal: "123450",
        metric: "stm",
        name: "3x2-123450.tilebase",
        fingerprint: 0x43b7e82f8c501e4a,
    },
    Table {
        board: "2x3",
        goal: "012345",
        metric: "stm",
        name: "2x3-123450.tilebase",
        fingerprint: 0x27348a3f38d4ff5b,
    },
    Table {
        board: "4x2",
        goal: "12345670",
        metric: "stm",
        name: "4x2-12345670.tilebase",
        fingerprint: 0x564c60fc68980cbe,
    },
    Table {
        board: "5x2",
        goal: "1234567890",
        metric: "stm",
        name: "5x2-1234567890.tilebase",
        fingerprint: 0xddacfdbb795e0e9d,
    },
    Table {
        board: "2x5",
        goal: "1234567890",
        metric: "mtm",
        name: "2x5-1234567890-mtm.tilebase",
        fingerprint: 0xe9699b3536d83a56,
    },
];

/// The 64-bit FNV-1a hash of `bytes`.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Builds the table of each of [`TABLES`] through the module, and checks its bytes.
pub fn check_tables() {
    for table in TABLES {
        let options = Options {
            board: Some(table.board),
            goal: Some(table.goal),
            metric: Some(table.metric),
            pdb: None,
        };
        assert_eq!(
            ask::distance(table.goal, options),
            Ok(Some(0)),
            "{}",
            table.name
        );
        let bytes = ask::file(table.name).unwrap_or_else(|| panic!("{} not kept", table.name));
        assert_eq!(fingerprint(&bytes), table.fingerprint, "{}", table.name);
    }
}

/// A position answered by search, with its optimal length: Korf's four shortest 15-puzzle
/// instances (tests/data/korf100.txt, lines 60, 21, 47 and 84: the published lengths), and three
/// 5x5 positions a random walk made, their lengths as `query` answers them.
pub struct Searched {
    pub board: &'static str,
    pub goal: Option<&'static str>,
    pub pdb: &'static str,
    pub state: &'static str,
    pub distance: u8,
}

const KORF_GOAL: Option<&str> = Some("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");

pub const SEARCHED: &[Searched] = &[
    Searched {
        board: "4x4",
        goal: KORF_GOAL,
        pdb: "5-5-5",
        state: "13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11",
        distance: 41,
    },
    Searched {
        board: "4x4",
        goal: KORF_GOAL,
        pdb: "5-5-5",
        state: "1,3,2,5,10,9,15,6,8,14,13,11,12,4,7,0",
        distance: 42,
    },
    Searched {
        board: "4x4",
        goal: KORF_GOAL,
        pdb: "5-5-5",
        state: "4,5,7,2,9,14,12,13,0,3,6,11,8,1,15,10",
        distance: 42,
    },
    Searched {
        board: "4x4",
        goal: KORF_GOAL,
        pdb: "5-5-5",
        state: "0,1,9,7,11,13,5,3,14,12,4,2,8,6,10,15",
        distance: 42,
    },
    Searched {
        board: "5x5",
        goal: None,
        pdb: "3-3-3-3-3-3-3-3",
        state: "6,1,2,4,5,11,7,3,9,10,0,13,8,14,15,16,12,17,19,20,21,22,18,23,24",
        distance: 12,
    },
    Searched {
        board: "5x5",
        goal: None,
        pdb: "3-3-3-3-3-3-3-3",
        state: "2,6,8,3,4,11,1,7,9,5,16,12,13,14,10,21,17,18,20,15,0,22,23,19,24",
        distance: 18,
    },
    Searched {
        board: "5x5",
        goal: None,
        pdb: "3-3-3-3-3-3-3-3",
        state: "1,2,3,5,8,6,7,24,13,4,11,12,9,10,0,16,17,18,19,14,21,22,23,20,15",
        distance: 28,
    },
];

/// Answers each of [`SEARCHED`] through the module: its length, and a solution of that length.
pub fn check_searched() {
    for searched in SEARCHED {
        let options = Options {
            board: Some(searched.board),
            goal: searched.goal,
            metric: None,
            pdb: Some(searched.pdb),
        };
        assert_eq!(
            ask::distance(searched.state, options),
            Ok(Some(searched.distance)),
            "{}",
            searched.state
        );
        let moves = ask::solve(searched.state, options).unwrap().unwrap();
        assert_eq!(moves.len(), usize::from(searched.distance), "{moves}");
    }
}
