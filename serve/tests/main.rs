//! The service, end to end: a real `serve` process on a free port, asked over HTTP; the page in
//! headless Chromium; a stop by SIGTERM; and the dependency rule that keeps the async runtime
//! out of every other package.

mod api;
mod browser;
mod fifteen;
mod guide;
mod runtime;
mod shutdown;
mod support;
