//! Output files written whole or not at all: each is written under a temporary name in
//! its own folder and renamed over its target, so that a reader (or a run killed
//! meanwhile) sees the old file or the new one, never part of one. A symbolic link at the
//! target is replaced by the new file, never followed: writing `ext.csv` cannot create
//! or overwrite a file elsewhere.

use std::io::{self, Write};
use std::path::Path;

/// The folder `path` is written in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A temporary file in `dir` named `.{name}.…tmp`, with the permissions a new file gets
/// (`0o666` less the umask, as `File::create` gives).
fn temporary_in(dir: &Path, name: &str) -> io::Result<tempfile::NamedTempFile> {
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Writes `bytes` to `path` atomically: a temporary file beside it, then a rename over
/// it (replacing a link there, not following it). On an error nothing is left behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = temporary_in(folder_of(path), &name)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Fails unless a file can be created (and removed) in the folder `dir`: checked before
/// any work, so that a read-only output folder is found at once, not after a long run.
pub fn check_writable(dir: &Path) -> io::Result<()> {
    temporary_in(dir, "write-probe")?.close()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_target_is_replaced_not_followed() {
        let tmp = tempfile::tempdir().unwrap();
        let elsewhere = tmp.path().join("elsewhere.csv");
        std::fs::write(&elsewhere, "kept").unwrap();
        let target = tmp.path().join("ext.csv");
        std::os::unix::fs::symlink(&elsewhere, &target).unwrap();
        write_atomic(&target, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "kept");
        assert!(!std::fs::symlink_metadata(&target)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        // Only the target is left: no temporary file.
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_has_the_permissions_file_create_gives() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let plain = tmp.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let atomic = tmp.path().join("atomic");
        write_atomic(&atomic, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode();
        assert_eq!(mode(&atomic), mode(&plain));
    }

    #[test]
    fn a_folder_that_does_not_exist_is_not_writable() {
        let tmp = tempfile::tempdir().unwrap();
        assert!(check_writable(tmp.path()).is_ok());
        assert_eq!(
            std::fs::read_dir(tmp.path()).unwrap().count(),
            0,
            "the probe stays"
        );
        assert!(check_writable(&tmp.path().join("missing")).is_err());
        assert!(write_atomic(&tmp.path().join("missing/ext.csv"), b"x").is_err());
    }
}
