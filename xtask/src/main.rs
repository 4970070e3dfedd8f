//! The project's own tasks, run as `cargo xtask TASK` (an alias in `.cargo/config.toml`).
//!
//! `cargo xtask site` builds the static site into `target/site/`: the library compiled to
//! WebAssembly (`web/`, release, wasm32-unknown-unknown), its JavaScript glue made by
//! wasm-bindgen-cli at the exact version of the crate it glues, wasm-opt's pass where binaryen
//! is installed (skipped, saying so, where it is not), then the page and the module's files
//! copied beside it. What it needs is what the README says to install:
//!
//! ```text
//! rustup target add wasm32-unknown-unknown
//! cargo install wasm-bindgen-cli --version VERSION   # VERSION: wasm-bindgen's, in Cargo.lock
//! ```
#![forbid(unsafe_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "The project's own tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Builds the static site (the page, its WebAssembly module, the npm package) into
    /// target/site/: serve that folder with any static file server.
    Site {
        /// Where to build it.
        #[arg(long, value_name = "DIR", default_value = "target/site")]
        out: PathBuf,
    },
}

const TARGET: &str = "wasm32-unknown-unknown";

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.task {
        Task::Site { out } => site(&root().join(out)),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("xtask: {why}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace's root: the folder above this crate's.
fn root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

fn site(out: &Path) -> Result<(), String> {
    let root = root();
    let version = wasm_bindgen_version(&root)?;
    check_target()?;
    check_wasm_bindgen(&version)?;

    say(&format!(
        "building the module (tilebase-web, release, {TARGET})"
    ));
    run(Command::new(env_or("CARGO", "cargo"))
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "--package",
            "tilebase-web",
            "--target",
            TARGET,
        ]))?;
    let wasm = root.join(format!("target/{TARGET}/release/tilebase_web.wasm"));

    // A fresh folder: nothing of an earlier build's is served by mistake.
    if out.exists() {
        fs::remove_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let pkg = out.join("pkg");
    say(&format!("wasm-bindgen {version} into {}", pkg.display()));
    run(Command::new("wasm-bindgen")
        .arg("--target")
        .arg("web")
        .arg("--out-dir")
        .arg(&pkg)
        .arg("--out-name")
        .arg("tilebase_wasm")
        .arg(&wasm))?;

    let glued = pkg.join("tilebase_wasm_bg.wasm");
    match Command::new("wasm-opt").arg("--version").output() {
        Ok(found) if found.status.success() => {
            say("wasm-opt -O3");
            run(Command::new("wasm-opt")
                .args([
                    "-O3",
                    "--enable-bulk-memory",
                    "--enable-nontrapping-float-to-int",
                ])
                .arg(&glued)
                .arg("-o")
                .arg(&glued))?;
        }
        _ => say("wasm-opt (binaryen) is not installed: the module is left as rustc made it"),
    }

    copy_dir(&root.join("web/site"), out)?;
    copy_dir(&root.join("web/pkg"), &pkg)?;
    let size = |path: &Path| fs::metadata(path).map_or(0, |m| m.len());
    say(&format!(
        "built {}: the module {} KB; serve the folder with any static file server, for \
         example `python3 -m http.server -d {} 8000`",
        out.display(),
        size(&glued) / 1024,
        out.display()
    ));
    Ok(())
}

/// wasm-bindgen's version in Cargo.lock: the CLI must be exactly this one.
fn wasm_bindgen_version(root: &Path) -> Result<String, String> {
    let lock = root.join("Cargo.lock");
    let text = fs::read_to_string(&lock).map_err(|e| format!("{}: {e}", lock.display()))?;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            let version = lines.next().and_then(|l| l.strip_prefix("version = \""));
            if let Some(version) = version.and_then(|v| v.strip_suffix('"')) {
                return Ok(version.to_string());
            }
        }
    }
    Err(format!("{}: no wasm-bindgen in it", lock.display()))
}

fn check_target() -> Result<(), String> {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output();
    match installed {
        Ok(out)
            if String::from_utf8_lossy(&out.stdout)
                .lines()
                .any(|l| l == TARGET) =>
        {
            Ok(())
        }
        Ok(out) if out.status.success() => Err(format!(
            "the {TARGET} target is not installed: `rustup target add {TARGET}`"
        )),
        // Without rustup (a toolchain from elsewhere), the build says what is missing.
        _ => Ok(()),
    }
}

fn check_wasm_bindgen(version: &str) -> Result<(), String> {
    let install = format!("`cargo install wasm-bindgen-cli --version {version}`");
    let found = Command::new("wasm-bindgen").arg("--version").output();
    match found {
        Ok(out) if out.status.success() => {
            let said = String::from_utf8_lossy(&out.stdout);
            let theirs = said.split_whitespace().nth(1).unwrap_or("").to_string();
            if theirs == version {
                Ok(())
            } else {
                Err(format!(
                    "wasm-bindgen-cli {theirs} is installed, but the module is built with \
                     wasm-bindgen {version}, and the two must agree: {install}"
                ))
            }
        }
        _ => Err(format!("wasm-bindgen-cli is not installed: {install}")),
    }
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

fn say(what: &str) {
    eprintln!("site: {what}");
}

fn run(command: &mut Command) -> Result<(), String> {
    let shown = format!("{command:?}");
    let status = command
        .status()
        .map_err(|e| format!("{shown}: could not start it: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown}: {status}"))
    }
}

/// Copies every file under `from` into `to`, keeping the folders.
fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    let entries = fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", from.display()))?;
        let (source, dest) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            copy_dir(&source, &dest)?;
        } else {
            fs::copy(&source, &dest).map_err(|e| format!("{}: {e}", source.display()))?;
        }
    }
    Ok(())
}
