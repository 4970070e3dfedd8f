//! `serve`: tilebase over HTTP. One program serves a page to play and learn the puzzles (at `/`)
//! and a JSON API that answers as the command-line programs do (`/api/query`, `/api/random`,
//! `/api/stats`).
//!
//! The answers are the library's (`tilebase-answer`), as every front end's are: `/api/query`
//! writes the object `query --json` prints, with the same JSON writer; files are found (or
//! built) as `query` finds them, opened once and shared by every request. The HTTP side is axum
//! on tokio, with tower-http for limits, timeouts and compression; this package is the only one
//! in the workspace that links them, so `query`, `build-db` and the libraries stay free of the
//! async runtime.
#![forbid(unsafe_code)]

pub mod api;
pub mod app;
pub mod error;
pub mod limits;
pub mod params;
pub mod site;
pub mod store;

use std::io::Write as _;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use clap::Parser;
use tilebase_answer::Partition;

use tilebase_program::exit::{self, report};
use tokio::net::{TcpListener, TcpSocket};

/// Serves the tilebase page and JSON API: the page at / (the static site, --site), the API
/// under /api/ (query, random, stats), /healthz. Databases are found as query finds them (db/ in the current directory,
/// then the cache), opened once, and shared by every request; the 15-puzzle (board=4x4) is
/// answered from pattern databases (--pdb).
///
/// Stops gracefully on Ctrl-C or SIGTERM: requests in flight finish, exit status 0.
#[derive(Debug, Parser)]
#[command(name = "serve", version)]
pub struct Args {
    /// Port to listen on; 0 picks a free one (the URL printed says which)
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. The default answers this machine only; any other address (such
    /// as 0.0.0.0) makes the service reachable from elsewhere
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// At most N pieces of heavy work at once (building a missing database of a 12-cell board,
    /// or reading a whole 12-cell table for random or stats); more are answered 503 with
    /// Retry-After
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub max_heavy: usize,
    /// The 15-puzzle's (4x4) pattern databases (the help says what each costs to build)
    #[arg(
        long,
        value_name = "7-8|6-6-3|5-5-5",
        default_value_t = Partition::SEVEN_EIGHT,
        help = format!(
            "{}. Found under db/ and in the cache as query finds them; missing ones are built \
             in the background on the first 4x4 question, answered 503 until ready",
            tilebase_answer::pdb_help()
        )
    )]
    pub pdb: Partition,
    /// At most N 4x4 searches at once, each on one core; more are answered 503 with
    /// Retry-After [default: the number of cores]
    #[arg(long, value_name = "N")]
    pub max_searches: Option<usize>,
    /// A 4x4 search gives up after generating N nodes (an error for that state)
    #[arg(long, value_name = "N", default_value_t = limits::DEFAULT_MAX_NODES, value_parser = tilebase_answer::parse_nodes, allow_hyphen_values = true)]
    pub max_nodes: u64,
    /// On boards past 25 cells (6x6 to 10x10), the seconds each state may take: a lower bound
    /// on its optimal length and a solution, found within it (and --max-nodes). On 4x4 and
    /// other boards of 13 to 25 cells, a single-tile search that gives up (--max-nodes) is
    /// answered the same way, its solution sought for as long
    #[arg(long, value_name = "S", default_value_t = 5.0, value_parser = tilebase_answer::parse_seconds, allow_hyphen_values = true)]
    pub seconds: f64,
    /// The memory each search may take for A* in A*+IDA*, in bytes or with a unit: 512M, 2G;
    /// 0 searches by plain IDA* [default: 1G on boards of more than 16 cells, 0 on the others]
    #[arg(long, value_name = "SIZE", value_parser = tilebase_answer::parse_size, allow_hyphen_values = true)]
    pub memory: Option<usize>,
    /// For tests: 4x4 builds wait to start while FILE exists, so that a test sees what a
    /// build in progress answers
    #[arg(long, value_name = "FILE")]
    pub hold_builds: Option<std::path::PathBuf>,
    /// The site served at / (the page, with the library in the browser), as `cargo xtask
    /// site` builds it; without one, / says how to build it and the API answers as ever
    #[arg(long, value_name = "DIR", default_value = "target/site")]
    pub site: std::path::PathBuf,
    /// The seconds a client may take to send a request's line and headers, from its
    /// connection or its last answer; then the connection is closed, so that clients sending
    /// them a byte at a time cannot hold connections open
    #[arg(long, value_name = "S", default_value_t = 10.0, value_parser = header_seconds, allow_hyphen_values = true)]
    pub header_timeout: f64,
}

/// `--header-timeout`: seconds, more than 0 and at most a day.
fn header_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!(
            "{text:?}: seconds are a number above 0 and up to 86400, like 10 or 0.5"
        )),
    }
}

/// How long requests in flight may take to finish after a signal to stop.
const GRACE: Duration = Duration::from_secs(30);

/// Connections waiting to be accepted. Bursts of thousands of new connections are queued by
/// the kernel rather than refused (it caps this at `net.core.somaxconn`).
const BACKLOG: u32 = 8192;

/// Runs `serve` as `args` ask: serves until a signal to stop, then its exit status; or the
/// error that stops it.
pub fn run(args: &Args) -> Result<u8, String> {
    raise_open_files_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    let status = runtime.block_on(serve(args));
    // A build still running in a blocking thread is not waited for: its request has finished.
    runtime.shutdown_timeout(Duration::from_secs(1));
    status
}

/// Listens, serves until a signal to stop, and returns the exit status.
async fn serve(args: &Args) -> Result<u8, String> {
    let address = SocketAddr::new(args.bind, args.port);
    let listener = listen(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let local = listener.local_addr().unwrap_or(address);
    if !args.bind.is_loopback() {
        report(
            "serve",
            format_args!(
                "listening on {}, not a loopback address: other machines can reach this service",
                args.bind
            ),
        );
    }
    let mut stdout = std::io::stdout().lock();
    // The URL is the first line of stdout: tests and scripts read the port chosen from it.
    let _ = writeln!(
        stdout,
        "serve: listening on http://{local}/ (Ctrl-C to stop)"
    );
    let _ = stdout.flush();
    drop(stdout);

    let settings = store::Settings {
        pdb: args.pdb,
        max_searches: args.max_searches.unwrap_or_else(limits::cores),
        max_nodes: args.max_nodes,
        seconds: args.seconds,
        memory: args.memory,
        hold_builds: args.hold_builds.clone(),
    };
    // The store lives as long as the process: each request copies a reference to it, where an
    // `Arc` would have its count written by every request on every core.
    let store: &'static store::Store =
        Box::leak(Box::new(store::Store::new(args.max_heavy, settings)));
    let site = args
        .site
        .join("index.html")
        .is_file()
        .then_some(args.site.as_path());
    if site.is_none() {
        report(
            "serve",
            format_args!(
                "no site in {} (its index.html is missing): / says how to build it; the API \
                 answers as ever",
                args.site.display()
            ),
        );
    }
    let router = app::router_with_site(store, site);
    let header_timeout = Duration::from_secs_f64(args.header_timeout);
    if serve_connections(listener, router, header_timeout, stop_signal()).await {
        report("serve", "stopped");
    } else {
        report(
            "serve",
            format_args!(
                "stopped: requests still open {} s after the signal were cut",
                GRACE.as_secs()
            ),
        );
    }
    Ok(exit::OK)
}

/// Serves each connection `listener` accepts with `router`, until `stop`; then lets the
/// requests in flight finish, for at most [`GRACE`]: whether they all did.
///
/// Each connection is HTTP/1.1 (keep-alive) with a deadline on reading each request's line
/// and headers, `header_timeout` (hyper's own, which `axum::serve` does not set): without it a
/// client that sends a request's head a byte at a time would hold its connection, and its
/// task, for as long as it liked.
async fn serve_connections(
    listener: TcpListener,
    router: axum::Router,
    header_timeout: Duration,
    stop: impl Future<Output = ()>,
) -> bool {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    accept_failed(&e).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // Answers are small and written whole: send them at once.
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A connection's errors (a client gone, a head too slow) end that connection only.
            let _ = connection.await;
        });
    }
    // No new connections: the port is let go now, and idle ones are closed.
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => true,
        () = tokio::time::sleep(GRACE) => false,
    }
}

/// After a failed accept: a connection that failed on the way in is only that one's loss; any
/// other error (such as running out of open files) is waited out for a second, as axum does,
/// rather than tried again at once in a busy loop.
async fn accept_failed(error: &std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(
        error.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    ) {
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// A listening socket with a deep accept queue.
fn listen(address: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    // A restarted server can take its port back at once, without waiting out TIME_WAIT.
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

/// Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(e) => {
                report(
                    "serve",
                    format_args!("cannot watch for SIGTERM ({e}): Ctrl-C stops"),
                );
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Each connection is an open file: thousands of clients at once need more than the usual soft
/// limit of 1,024. Raises it to the hard limit; failing that, serves with what there is.
fn raise_open_files_limit() {
    #[cfg(unix)]
    {
        use nix::sys::resource::{Resource, getrlimit, setrlimit};
        if let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE)
            && soft < hard
        {
            let _ = setrlimit(Resource::RLIMIT_NOFILE, hard, hard);
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every flag `serve` accepts is in its `--help`, the test hook included.
    #[test]
    fn help_lists_every_flag() {
        let mut command = crate::Args::command();
        let help = command.render_long_help().to_string();
        for arg in command.get_arguments() {
            assert!(!arg.is_hide_set(), "--{} is hidden", arg.get_id());
            if let Some(long) = arg.get_long() {
                assert!(help.contains(&format!("--{long}")), "--{long}");
            }
        }
    }

    /// `--header-timeout` takes seconds above 0, up to a day; anything else is refused in one
    /// line, a negative number included (not taken for a flag).
    #[test]
    fn header_timeouts() {
        use clap::Parser;
        let parse = |value: &str| crate::Args::try_parse_from(["serve", "--header-timeout", value]);
        assert_eq!(
            crate::Args::try_parse_from(["serve"])
                .unwrap()
                .header_timeout,
            10.0
        );
        assert_eq!(parse("0.5").unwrap().header_timeout, 0.5);
        assert_eq!(parse("86400").unwrap().header_timeout, 86_400.0);
        for bad in ["0", "-1", "abc", "86401", "inf", "NaN", ""] {
            let error = parse(bad).unwrap_err().to_string();
            assert!(
                error.contains("seconds are a number above 0 and up to 86400"),
                "{bad}: {error}"
            );
        }
    }
}
