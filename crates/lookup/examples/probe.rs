//! scratch
use tilebase_lookup::{Database, State};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u32 = args[2].parse().unwrap();
    let db = Database::open("db/3x3-123804765.tilebase").unwrap();
    let g = db.goal();
    let states: Vec<State> = (0..n)
        .map(|i| State::from_index(g.board(), g.parity(), (i * 7919) % 181_440).unwrap())
        .collect();
    let mut acc = 0u64;
    match args[1].as_str() {
        "solve" => {
            for st in &states {
                acc += db.solve(st).unwrap().len() as u64;
            }
        }
        "distance" => {
            for st in &states {
                acc += db.distance(st).unwrap() as u64;
            }
        }
        "time" => {
            for _ in 0..5 {
                let t = std::time::Instant::now();
                for st in &states {
                    acc += db.distance(st).unwrap() as u64;
                }
                let a = t.elapsed();
                let t = std::time::Instant::now();
                for st in &states {
                    acc += db.solve(st).unwrap().len() as u64;
                }
                let b = t.elapsed();
                let f = |d: std::time::Duration| d.as_nanos() as f64 / states.len() as f64;
                println!("distance {:.1} ns  solve {:.1} ns", f(a), f(b));
            }
        }
        _ => {}
    }
    println!("{acc}");
}
