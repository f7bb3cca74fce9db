//! Reading an input file (an Ext table, a chart.json) without trusting it: only a regular
//! file is read, never more than a stated number of bytes, and it must be UTF-8 text.
//!
//! A FIFO would block `open` and `read` until some writer came (a hang); `/dev/zero` or a
//! growing file would be read until memory runs out. Both are refused before any read:
//! the file is opened non-blocking and its type checked on the open handle, and the read
//! stops one byte past the limit however the file's size changes meanwhile.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// One mebibyte, for the limits callers pass.
pub const MIB: u64 = 1 << 20;

/// Whether `n` is a prime number (trial division: the primes read from files are small).
pub fn is_prime(n: u32) -> bool {
    let n = u64::from(n);
    n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

/// The text of the regular file at `path`, at most `max_bytes` long. `what` names the kind
/// of file in errors, with its article (e.g. `an Ext table`). Errors are one line, without the path (callers
/// prefix it): not found or unreadable, not a regular file (a folder, a FIFO, a device),
/// larger than `max_bytes`, not UTF-8.
pub fn read_text(path: &Path, what: &str, max_bytes: u64) -> Result<String, String> {
    read_bytes(path, what, max_bytes).and_then(text)
}

/// The bytes of the regular file at `path`, at most `max_bytes` (below `u64::MAX`) long;
/// errors as [`read_text`]'s, but for text.
pub fn read_bytes(path: &Path, what: &str, max_bytes: u64) -> Result<Vec<u8>, String> {
    let file = open_nonblocking(path).map_err(|e| format!("cannot open: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("cannot read: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "is {}, not a regular file ({what} is read from a file)",
            kind(&meta)
        ));
    }
    if meta.len() > max_bytes {
        return Err(too_large(&meta.len().to_string(), what, max_bytes));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > max_bytes {
        // The file grew while being read.
        return Err(too_large(&format!("{max_bytes} or more"), what, max_bytes));
    }
    Ok(bytes)
}

/// `bytes` as text: UTF-8 required; the error names the first bad byte's offset.
pub fn text(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("not UTF-8 text (invalid byte at offset {at})")
    })
}

/// Most characters of input text quoted in an error.
const EXCERPT_CHARS: usize = 60;

/// `text` as quoted in a one-line error: at most 60 characters (then `…`), control
/// characters escaped (`\r`, `\u{1b}`), so that a long or binary line cannot flood or
/// garble the terminal.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (k, c) in text.chars().enumerate() {
        if k == EXCERPT_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

fn too_large(len: &str, what: &str, max_bytes: u64) -> String {
    let limit = if max_bytes.is_multiple_of(MIB) {
        format!("{} MiB", max_bytes / MIB)
    } else {
        format!("{max_bytes} bytes")
    };
    format!("is {len} bytes, more than the {limit} allowed for {what}")
}

/// Opens for reading without blocking on a FIFO (`O_NONBLOCK`; no effect on a regular file).
#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

/// What a non-regular file is, in words.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_are_told_from_composites() {
        let primes: Vec<u32> = (0..40).filter(|&n| is_prime(n)).collect();
        assert_eq!(primes, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]);
        // The largest prime below 2^32, and its neighbour 2^32 − 1 = 3·5·17·257·65537.
        assert!(is_prime(4_294_967_291));
        assert!(!is_prime(u32::MAX));
    }

    #[test]
    fn reads_a_small_file_and_refuses_large_devices_and_folders() {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("t.csv");
        std::fs::write(&small, "stem,s,t,dim\n").unwrap();
        assert_eq!(
            read_text(&small, "an Ext table", 100).unwrap(),
            "stem,s,t,dim\n"
        );
        let err = read_text(&small, "an Ext table", 5).unwrap_err();
        assert_eq!(
            err,
            "is 13 bytes, more than the 5 bytes allowed for an Ext table"
        );
        assert!(read_text(dir.path(), "an Ext table", 100)
            .unwrap_err()
            .contains("a folder"));
        let zero = read_text(Path::new("/dev/zero"), "an Ext table", 100).unwrap_err();
        assert!(zero.contains("a character device"), "{zero}");
        let missing = read_text(&dir.path().join("none"), "an Ext table", 100).unwrap_err();
        assert!(missing.starts_with("cannot open"), "{missing}");
    }

    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.csv");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo has no other preconditions.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let err = read_text(&fifo, "an Ext table", 100).unwrap_err();
        assert!(err.contains("FIFO"), "{err}");
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("0,0,0,1"), "0,0,0,1");
        assert_eq!(excerpt("a\rb\u{1b}[31m"), "a\\rb\\u{1b}[31m");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long), format!("{}…", "é".repeat(60)));
    }

    #[test]
    fn text_that_is_not_utf8_names_the_offset() {
        assert_eq!(
            text(b"ab\xffc".to_vec()).unwrap_err(),
            "not UTF-8 text (invalid byte at offset 2)"
        );
    }
}
