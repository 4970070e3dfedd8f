//! Draws of states at a distance: the same seed draws the same states whichever table answers,
//! the goal's own or its class's.

use tilebase_lookup::{Database, State};

fn db(name: &str) -> Database {
    Database::open(format!("{}/../../db/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Goal 123804765 has a table of its own, and its class's (the blank in the centre) is
/// 123405678's: the two draw the same states, seed for seed, at every distance asked.
#[test]
fn the_same_seed_draws_the_same_states_from_a_goals_table_and_its_classs() {
    let own = db("3x3-123804765.tilebase");
    let class = db("3x3-123405678.tilebase");
    let goal: State = "123804765".parse().unwrap();
    let through_class = class.for_goal(&goal).unwrap();
    assert!(through_class.is_translated());
    for (distances, count, seed) in [
        (24..=24, 3, 5),
        (0..=30, 10, 1),
        (31..=31, 5, 9),
        (12..=14, 50, 7),
    ] {
        let from_own = own.own_goal().draw(distances.clone(), count, seed);
        let from_class = through_class.draw(distances.clone(), count, seed);
        assert_eq!(from_own, from_class, "{distances:?}, seed {seed}");
        for state in &from_own.states {
            assert!(distances.contains(&own.distance(state).unwrap()), "{state}");
        }
    }
    // The draw the README shows, from either table.
    let drawn: Vec<String> = through_class
        .draw(24..=24, 3, 5)
        .states
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(drawn, ["180423657", "048357621", "460715238"]);
}
