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
