//! The service's page of the guide (docs/serve.md), its `curl` examples run as written against
//! a real server, and compared with the output the page shows: the page cannot go stale.
//!
//! The 4x4 examples are answered from the 5-5-5 files (built in about a second), which give
//! the same answers as the default 7-8 (the same distances, and the same first solution: the
//! search's order of moves decides it). The one example of a 4x4 build under way (503) asks a
//! server with the default 7-8, which is stopped as soon as it has answered.

use std::time::{Duration, Instant};

use crate::support::{Reply, Server};

/// Where the page's examples say the service listens.
const PAGE_URL: &str = "http://127.0.0.1:8080";

/// One `curl` example: what it asks, and what the page shows it prints.
#[derive(Debug)]
struct Example {
    line: usize,
    command: String,
    post: Option<String>,
    path: String,
    /// `-i`: the status line and headers are shown too.
    headers: bool,
    /// `| head -c N`: the first N bytes are shown.
    first: Option<usize>,
    shown: Vec<String>,
}

/// The words of a shell command: single quotes keep spaces; nothing else is special.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    words.push(word);
    words
}

fn examples(page: &str) -> Vec<Example> {
    let lines: Vec<&str> = page.lines().collect();
    let mut examples = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(command) = line.trim().strip_prefix("$ curl ") else {
            continue;
        };
        let shown = lines[i + 1..]
            .iter()
            .map(|l| l.trim())
            .take_while(|l| !l.starts_with("```") && !l.starts_with("$ "))
            .map(String::from)
            .collect();
        let (command, first) = match command.split_once(" | head -c ") {
            Some((command, n)) => (command, Some(n.parse().unwrap())),
            None => (command, None),
        };
        let mut example = Example {
            line: i + 1,
            command: line.trim().to_string(),
            post: None,
            path: String::new(),
            headers: false,
            first,
            shown,
        };
        let mut args = words(command).into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "-s" => {}
                "-i" => example.headers = true,
                "-d" => example.post = args.next(),
                url => {
                    let path = url.strip_prefix(PAGE_URL);
                    example.path = path.unwrap_or_else(|| panic!("{url}")).to_string();
                }
            }
        }
        examples.push(example);
    }
    examples
}

fn ask(server: &Server, example: &Example) -> Reply {
    match &example.post {
        Some(body) => server.post(&example.path, body),
        None => server.get(&example.path),
    }
}

/// What the page should show of `reply`: with `-i`, its status line, the headers the page
/// names (in the order it names them, before its `...`), and the body; else the body.
fn shown(example: &Example, reply: &Reply) -> Vec<String> {
    let mut body = reply.body.trim_end().to_string();
    if let Some(n) = example.first {
        body.truncate(n);
    }
    if !example.headers {
        return vec![body];
    }
    let mut lines = vec![format!(
        "HTTP/1.1 {} {}",
        reply.status,
        match reply.status {
            200 => "OK",
            400 => "Bad Request",
            503 => "Service Unavailable",
            other => panic!("no reason phrase here for {other}"),
        }
    )];
    for line in &example.shown[1..] {
        if line == "..." {
            lines.push("...".into());
            break;
        }
        let (name, _) = line.split_once(": ").unwrap_or((line, ""));
        lines.push(format!(
            "{name}: {}",
            reply.header(name).unwrap_or("(absent)")
        ));
    }
    lines.push(body);
    lines
}

#[test]
fn the_guides_examples_answer_as_written() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap();
    let page = std::fs::read_to_string(root.join("docs/serve.md")).unwrap();
    let examples = examples(&page);
    assert_eq!(examples.len(), 9, "{examples:#?}");

    // The build under way: the first 4x4 question of a server with the default 7-8.
    let (building, answered): (Vec<_>, Vec<_>) = examples
        .iter()
        .partition(|e| e.shown.first().is_some_and(|l| l.contains(" 503 ")));
    assert_eq!(building.len(), 1);
    {
        let server = Server::start();
        let reply = ask(&server, building[0]);
        assert_eq!(
            shown(building[0], &reply),
            building[0].shown,
            "docs/serve.md:{}: {}",
            building[0].line,
            building[0].command
        );
    }

    let server = Server::start_with(&["--pdb", "5-5-5"]);
    for example in answered {
        let started = Instant::now();
        let reply = loop {
            let reply = ask(&server, example);
            if !(reply.status == 503 && reply.body.contains("are being built")) {
                break reply;
            }
            assert!(started.elapsed() < Duration::from_secs(120), "{reply:?}");
            std::thread::sleep(Duration::from_millis(50));
        };
        // The page shows the nodes the default 7-8 files take; this server's 5-5-5 take more.
        assert_eq!(
            nodes_named(&shown(example, &reply)),
            nodes_named(&example.shown),
            "docs/serve.md:{}: {}",
            example.line,
            example.command
        );
    }
}

/// `lines` with the number of every `"nodes":N` field replaced by `N`: the count depends on
/// the pattern databases, the rest of the answer does not.
fn nodes_named(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            let mut out = String::new();
            let mut rest = line.as_str();
            while let Some(at) = rest.find("\"nodes\":") {
                let (head, tail) = rest.split_at(at + "\"nodes\":".len());
                out.push_str(head);
                out.push('N');
                rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
            }
            out.push_str(rest);
            out
        })
        .collect()
}
