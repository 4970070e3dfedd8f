//! The async runtime stays in this package: `query`, `build-db`, the programs' shared crate
//! (`tilebase-program`, which this package links too) and the lookup crate never link it.
//! Checked on the dependency graph cargo resolves, so adding tokio (or anything that pulls it
//! in) to one of them fails here.

use std::process::Command;

/// The normal (not dev, not build) dependencies of `package`, one per line, as `cargo tree`
/// prints them.
fn dependencies(package: &str) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "--edges",
            "normal",
            "--prefix",
            "none",
            "--format",
            "{p}",
            "--package",
            package,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree -p {package}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn links(tree: &str, name: &str) -> bool {
    tree.lines()
        .any(|line| line.split(' ').next() == Some(name))
}

#[test]
fn only_serve_links_the_async_runtime() {
    // The check sees the runtime where it is.
    let serve = dependencies("tilebase-serve");
    assert!(links(&serve, "tokio") && links(&serve, "axum"), "{serve}");
    for package in [
        "tilebase-tools",
        "tilebase-program",
        "tilebase-lookup",
        "tilebase-core",
        "tilebase-format",
        "tilebase-engine",
    ] {
        let tree = dependencies(package);
        assert!(links(&tree, package), "{package}: {tree}");
        for runtime in [
            "tokio",
            "axum",
            "hyper",
            "tower",
            "mio",
            "async-std",
            "smol",
        ] {
            assert!(!links(&tree, runtime), "{package} links {runtime}:\n{tree}");
        }
    }
}
