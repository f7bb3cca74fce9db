//! Reading a module file from disk: only a regular file, at most
//! [`MAX_FILE_BYTES`], as UTF-8 text.

use std::fs;
use std::io::Read;
use std::path::Path;

use super::ModuleError;

/// The most bytes a module file may hold: 16 MiB, far above any module the
/// tables can hold (the field's largest files are a few kilobytes), so that a
/// wrong path (a disk image, a log) is refused quickly instead of parsed.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The text of the module file at `path`; errors name `path` as given.
///
/// The path is checked before it is opened: a FIFO would block the open (and
/// the read) until a writer comes, and a device such as `/dev/zero` never ends,
/// so anything but a regular file (after following symbolic links) is
/// [`ModuleError::NotAFile`]. Errors: [`ModuleError::Io`] (no such file, no
/// permission, not UTF-8), [`ModuleError::NotAFile`], [`ModuleError::TooLarge`].
pub(super) fn read_text(path: &Path) -> Result<String, ModuleError> {
    let file = path.display().to_string();
    let io = |source: std::io::Error| ModuleError::Io {
        file: file.clone(),
        source,
    };
    let meta = fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(ModuleError::NotAFile {
            file: file.clone(),
            kind: kind_of(&meta.file_type()).to_string(),
        });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ModuleError::TooLarge {
            file,
            limit: MAX_FILE_BYTES,
        });
    }
    let handle = fs::File::open(path).map_err(io)?;
    // Read one byte past the limit: a file that grew since `metadata` is still refused.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    handle
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ModuleError::TooLarge {
            file,
            limit: MAX_FILE_BYTES,
        });
    }
    String::from_utf8(bytes).map_err(|e| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 text (an invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// What a file that is not a regular file is, in words.
fn kind_of(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a plain file"
    }
}
