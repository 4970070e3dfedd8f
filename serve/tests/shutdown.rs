//! SIGTERM and Ctrl-C (SIGINT) stop the server gracefully: a request in flight is answered,
//! then the process exits with status 0.

use std::io::Write;
use std::time::Duration;

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use crate::support::{Server, read_reply};

fn stops_on(signal: Signal) {
    let mut server = Server::start();
    assert_eq!(server.get("/healthz").body, "ok");

    // A request in flight: its headers and half its body sent, the rest after the signal.
    let body = r#"{"states":["603712458","283104765"]}"#;
    let (first, rest) = body.split_at(body.len() / 2);
    let mut stream = server.connect();
    write!(
        stream,
        "POST /api/query HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{first}",
        body.len()
    )
    .unwrap();
    stream.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));

    kill(Pid::from_raw(server.pid() as i32), signal).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    stream.write_all(rest.as_bytes()).unwrap();
    let reply = read_reply(&mut stream);
    assert_eq!(reply.status, 200, "{reply:?}");
    let results = reply.json()["results"].clone();
    assert_eq!(results[0]["distance"], 23);
    assert_eq!(results[1]["distance"], 4);

    let status = server
        .wait(Duration::from_secs(20))
        .expect("the server stops within 20 s");
    assert_eq!(status.code(), Some(0), "stderr: {}", server.stderr());
    let stderr = server.stderr_with("serve: stopped", Duration::from_secs(10));
    assert!(stderr.contains("serve: stopped"), "{stderr}");
    // Nothing listens any more.
    assert!(std::net::TcpStream::connect(server.addr).is_err());
}

#[test]
fn sigterm_stops_gracefully() {
    stops_on(Signal::SIGTERM);
}

#[test]
fn ctrl_c_stops_gracefully() {
    stops_on(Signal::SIGINT);
}

/// A client that sends a request's head a byte at a time (Slowloris) has its connection closed
/// once `--header-timeout` has passed, as is a client that sends nothing and one idle after
/// its answer; a head sent in time is answered.
#[test]
fn a_request_head_sent_too_slowly_is_cut() {
    use std::io::Read;
    let server = Server::start_with(&["--header-timeout", "1"]);
    let mut slow = server.connect();
    let started = std::time::Instant::now();
    let mut closed = false;
    for byte in b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: "
        .iter()
        .cycle()
    {
        if slow.write_all(&[*byte]).is_err() {
            closed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        if started.elapsed() > Duration::from_secs(10) {
            break;
        }
    }
    // The server closed it: a write failed, or a read ends (an error reply, then the end).
    let mut rest = Vec::new();
    let read = slow.read_to_end(&mut rest);
    assert!(
        closed || read.is_ok(),
        "still open after {:?}",
        started.elapsed()
    );
    // Cut at the deadline: not at once, and not only when the test gave up.
    let open = started.elapsed();
    assert!(
        open >= Duration::from_millis(900) && open < Duration::from_secs(10),
        "open for {open:?}"
    );
    // A client that sends nothing, and one idle after its answer, are cut the same way.
    let mut silent = server.connect();
    let started = std::time::Instant::now();
    assert_eq!(silent.read(&mut [0; 16]).unwrap_or(0), 0);
    let open = started.elapsed();
    assert!(
        open >= Duration::from_millis(900) && open < Duration::from_secs(10),
        "silent, open for {open:?}"
    );
    let mut idle = server.connect();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        .unwrap();
    let mut answer = [0u8; 17];
    idle.read_exact(&mut answer).unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200 OK\r\n");
    let mut rest = Vec::new();
    let started = std::time::Instant::now();
    let _ = idle.read_to_end(&mut rest);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "idle, open for {:?}",
        started.elapsed()
    );
    // Others are answered, after it as before.
    assert_eq!(server.get("/healthz").body, "ok");
    let mut stream = server.connect();
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        .unwrap();
    assert_eq!(read_reply(&mut stream).body, "ok");
}
