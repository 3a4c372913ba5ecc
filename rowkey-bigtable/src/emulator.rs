//! Google's Bigtable emulator (`cbtemulator`) as a child process: started on
//! a free port, stopped and reaped when the handle drops, and never left
//! behind when the process that started it dies.

use crate::Error;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where the Debian/Ubuntu package `google-cloud-cli-bigtable-emulator`
/// installs the binary (not on `PATH`).
pub const DEFAULT_PATH: &str = "/usr/lib/google-cloud-sdk/platform/bigtable-emulator/cbtemulator";

/// The environment variable naming the `cbtemulator` binary.
pub const ENV: &str = "CBTEMULATOR";

// The emulator runs under a small shell whose watcher holds our pipe as its
// stdin. When this process exits for any reason (a panic that aborts,
// SIGKILL, an OOM kill) the kernel closes the pipe, `read` returns, and the
// watcher kills the emulator, which the shell then reaps. A normal drop
// closes the pipe the same way. An emulator that exits by itself ends the
// shell, so its stdout closes and a failed start is seen at once. The shell
// prints the emulator's pid (before or after the emulator's first line: both
// write to the one pipe) so that drop can also kill it directly.
const SUPERVISOR: &str = r#"exec 3<&0
"$0" -host 127.0.0.1 -port 0 </dev/null 3<&- & pid=$!
echo "pid $pid"
{ read _ignored; kill "$pid"; } <&3 >/dev/null 2>&1 &
watcher=$!
exec 3<&-
wait "$pid"
kill "$watcher" 2>/dev/null
exit 0"#;

/// A running emulator. Dropping it stops the emulator and waits for it.
///
/// ```no_run
/// # fn main() -> Result<(), rowkey_bigtable::Error> {
/// let emulator = rowkey_bigtable::Emulator::start()?;
/// println!("listening on {}", emulator.addr());
/// # Ok(()) }
/// ```
pub struct Emulator {
    addr: String,
    pid: u32,
    supervisor: Child,
    stdin: Option<ChildStdin>,
}

impl Emulator {
    /// Starts `cbtemulator` on 127.0.0.1 with a port the system picks, and
    /// waits until it accepts connections.
    ///
    /// # Errors
    /// [`Error::Emulator`] when the binary is not found ([`locate`] says
    /// where it looked) or does not come up.
    pub fn start() -> Result<Self, Error> {
        let bin = locate()?;
        Self::start_with(&bin)
    }

    /// Starts the emulator binary at `bin`.
    ///
    /// # Errors
    /// [`Error::Emulator`] when it cannot be started or does not report its
    /// address.
    pub fn start_with(bin: &Path) -> Result<Self, Error> {
        let fail = |what: String| Error::Emulator(format!("{}: {what}", bin.display()));
        if !bin.is_file() {
            return Err(fail(
                "no such file; install google-cloud-cli-bigtable-emulator or set CBTEMULATOR"
                    .into(),
            ));
        }
        let mut supervisor = Command::new("sh")
            .arg("-c")
            .arg(SUPERVISOR)
            .arg(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Its own process group: a terminal's Ctrl-C reaches only the
            // test process, whose death then closes the pipe.
            .process_group(0)
            .spawn()
            .map_err(|e| fail(format!("cannot run sh: {e}")))?;
        let stdin = supervisor.stdin.take();
        let stderr = Arc::new(Mutex::new(String::new()));
        if let Some(mut err) = supervisor.stderr.take() {
            let sink = Arc::clone(&stderr);
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = err.read_to_string(&mut text);
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&text);
                }
            });
        }
        let Some(stdout) = supervisor.stdout.take() else {
            return Err(fail("no stdout".into()));
        };
        let mut lines = BufReader::new(stdout);
        let mut pid = None;
        let mut addr = None;
        let mut line = String::new();
        // The shell's pid line and the emulator's address line race (the
        // emulator runs in the background): read until both are in.
        while addr.is_none() || pid.is_none() {
            line.clear();
            match lines.read_line(&mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if let Some(p) = line.trim().strip_prefix("pid ") {
                pid = p.parse().ok();
            } else if let Some(a) = line
                .trim()
                .strip_prefix("Cloud Bigtable emulator running on ")
            {
                addr = Some(a.to_owned());
            }
        }
        let mut emulator = Emulator {
            addr: addr.clone().unwrap_or_default(),
            pid: pid.unwrap_or(0),
            supervisor,
            stdin,
        };
        if addr.is_none() {
            emulator.stop();
            let err = stderr.lock().map(|s| s.clone()).unwrap_or_default();
            return Err(fail(format!(
                "exited without printing \"Cloud Bigtable emulator running on HOST:PORT\"; stderr: {}",
                err.trim()
            )));
        }
        // Anything it prints later must not fill the pipe and block it.
        std::thread::spawn(move || std::io::copy(&mut lines, &mut std::io::sink()));
        Ok(emulator)
    }

    /// `127.0.0.1:PORT`, for [`Bigtable::emulator`](crate::Bigtable::emulator)
    /// or `BIGTABLE_EMULATOR_HOST`.
    #[must_use]
    pub fn addr(&self) -> &str {
        &self.addr
    }

    /// The emulator's process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.pid
    }

    fn stop(&mut self) {
        // Closing the pipe tells the shell to kill and reap the emulator.
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"stop\n");
        }
        for _ in 0..200 {
            if let Ok(Some(_)) = self.supervisor.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // The shell did not finish in 2 s: kill both directly.
        if self.pid != 0 {
            let _ = Command::new("kill")
                .args(["-KILL", &self.pid.to_string()])
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.supervisor.kill();
        let _ = self.supervisor.wait();
    }
}

impl Drop for Emulator {
    fn drop(&mut self) {
        self.stop();
    }
}

impl std::fmt::Debug for Emulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Emulator")
            .field("addr", &self.addr)
            .field("pid", &self.pid)
            .finish_non_exhaustive()
    }
}

/// Finds `cbtemulator`: the [`ENV`] variable (`CBTEMULATOR`), then `PATH`,
/// then [`DEFAULT_PATH`].
///
/// # Errors
/// [`Error::Emulator`] naming every place it looked and how to install it.
pub fn locate() -> Result<PathBuf, Error> {
    if let Some(p) = std::env::var_os(ENV) {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(Error::Emulator(format!(
                "{ENV}={} is not a file; point it at the cbtemulator binary",
                p.display()
            )))
        };
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let p = dir.join("cbtemulator");
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    let p = PathBuf::from(DEFAULT_PATH);
    if p.is_file() {
        return Ok(p);
    }
    Err(Error::Emulator(format!(
        "cbtemulator not found (looked at ${ENV}, on PATH and at {DEFAULT_PATH}); install it \
         with `apt-get install google-cloud-cli-bigtable-emulator` (Google Cloud's apt \
         repository) or `gcloud components install bigtable`, or set {ENV}=/path/to/cbtemulator"
    )))
}
