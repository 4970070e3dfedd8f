//! Running the programs and showing everything when a test fails.
