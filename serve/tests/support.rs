//! A real `serve` process on a free port, in a scratch directory with the shipped databases and
//! a cache of its own; and a small HTTP/1.1 client that can also send what no good client
//! would (a wrong method, an oversized or chunked body, garbage).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The workspace's shipped databases.
pub fn shipped_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../db")
}

/// A running server; killed when dropped, unless it was stopped.
pub struct Server {
    child: Option<Child>,
    /// Where it listens.
    pub addr: SocketAddr,
    stderr: Arc<Mutex<String>>,
    dir: tempfile::TempDir,
    _stdout: BufReader<ChildStdout>,
}

impl Server {
    /// A server on a free port with the default flags.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// A server on a free port with extra flags.
    pub fn start_with(args: &[&str]) -> Server {
        Server::start_caching(args, None)
    }

    /// A server on a free port with extra flags, and `cache` as its cache directory (by
    /// default, `cache` in its scratch directory).
    pub fn start_caching(args: &[&str], cache: Option<&Path>) -> Server {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir_all(dir.path().join("db")).unwrap();
        for entry in std::fs::read_dir(shipped_dir()).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), dir.path().join("db").join(entry.file_name())).unwrap();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_serve"))
            .args(["--port", "0"])
            .args(args)
            .current_dir(dir.path())
            .env(
                "TILEBASE_CACHE_DIR",
                cache.map_or_else(|| dir.path().join("cache"), Path::to_path_buf),
            )
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("serve starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut pipe = child.stderr.take().unwrap();
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).expect("serve prints its URL");
        let url = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| {
                panic!(
                    "no URL in serve's first line {line:?}; stderr: {}",
                    stderr.lock().unwrap()
                )
            });
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|e| panic!("{url}: {e}"));
        Server {
            child: Some(child),
            addr,
            stderr,
            dir,
            _stdout: stdout,
        }
    }

    /// The base URL, `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The scratch directory the server runs in.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// What the server has written on stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// What the server has written to stderr once it holds `text`, or after `limit`: the
    /// server writes before it answers, but the thread that reads its stderr may not have read
    /// it yet when the answer arrives (seen on a loaded machine).
    pub fn stderr_with(&self, text: &str, limit: Duration) -> String {
        let started = Instant::now();
        loop {
            let stderr = self.stderr();
            if stderr.contains(text) || started.elapsed() >= limit {
                return stderr;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The process id, for signals.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().unwrap().id()
    }

    /// Waits for the process to exit, at most `limit`.
    pub fn wait(&mut self, limit: Duration) -> Option<ExitStatus> {
        let started = Instant::now();
        let child = self.child.as_mut().unwrap();
        while started.elapsed() < limit {
            if let Some(status) = child.try_wait().unwrap() {
                self.child = None;
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        self.send(
            format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n").as_bytes(),
        )
    }

    /// A request with `method` and a JSON body.
    pub fn request(&self, method: &str, path: &str, body: &str) -> Reply {
        let mut raw = format!(
            "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: \
             application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        raw.extend_from_slice(body.as_bytes());
        self.send(&raw)
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: &str) -> Reply {
        self.request("POST", path, body)
    }

    /// Sends raw bytes and reads the reply to the end of the connection.
    pub fn send(&self, raw: &[u8]) -> Reply {
        let mut stream = self.connect();
        // The server may answer (413) and close before reading everything: not an error here.
        let _ = stream.write_all(raw);
        read_reply(&mut stream)
    }

    /// A connection to the server.
    pub fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).expect("the server accepts");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A reply: status, headers (names in lower case) and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The value of a header, if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }

    /// Checks that this is an error with `status`, in JSON, and returns its message.
    pub fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{self:?}");
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        let json = self.json();
        let object = json.as_object().expect("an object");
        assert_eq!(object.len(), 1, "only the error: {}", self.body);
        object["error"].as_str().expect("a message").to_string()
    }
}

/// Reads a whole HTTP/1.1 reply from a connection the server closes after it.
pub fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    parse_reply(&raw)
}

fn parse_reply(raw: &[u8]) -> Reply {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no end of headers in {:?}", String::from_utf8_lossy(raw)));
    let head = String::from_utf8_lossy(&raw[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("status line {status_line:?}"));
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(line_end) = rest.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = std::str::from_utf8(&rest[..line_end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap().trim(), 16).ok())
            .unwrap_or(0);
        rest = &rest[line_end + 2..];
        if size == 0 || rest.len() < size {
            return out;
        }
        out.extend_from_slice(&rest[..size]);
        rest = rest.get(size + 2..).unwrap_or(&[]);
    }
}

/// `text` escaped for a query string.
pub fn escape(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
