//! Row packs: the records of a row `s` gathered into a few files, so that a save directory
//! holds a number of files that grows with the rows, not with the bidegrees
//! (`SAVE-FORMAT.md`, "Row packs").
//!
//! A run writes one record file per bidegree (`s{s}/t{t}.rec`, atomically: `mod.rs`). Once
//! a row folder holds [`super::SaveOptions::pack_at`] record files, a writer gathers them
//! into the next pack of the row, `s{s}/pack{k:04}.pack`: an index (each record's `t`,
//! offset and length, with a BLAKE3 checksum over it) followed by the record files'
//! bytes unchanged, so every record keeps its own checksum and bidegree. The pack is
//! written to a temporary name, fsynced and renamed in, the row folder fsynced, and only
//! then are the record files removed: a run killed in between leaves a record both loose
//! and packed, with the same bytes. Packs are never rewritten.
//!
//! A bidegree's record is read from its own file when there is one (a record written
//! after the pack, e.g. recomputed because its packed copy was corrupt), else from the
//! newest pack of its row that holds it.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::corrupt::{corrupt, Corrupt, CorruptReason as Why};
use super::error::ReadError;
use super::{io_error, record, sync_dir, temporary_path, SaveError};

/// First 8 bytes of every pack.
pub const MAGIC: &[u8; 8] = b"ADAMSPAK";
/// The pack format's version.
pub const VERSION: u16 = 1;
/// Extension of a pack file.
pub const EXTENSION: &str = "pack";
/// Record files in a row folder that make a pack (the default of
/// [`super::SaveOptions::pack_at`]): a row of the sphere through stem 100 has about 100
/// bidegrees, through stem 200 about 200, so a row keeps at most 63 loose files and a few
/// packs.
pub const PACK_AT: usize = 64;
/// Most records one pack may index (a guard against a count field never written by a run:
/// a row has at most 511 bidegrees, the degrees of the tables).
const MAX_ENTRIES: u32 = 1 << 16;
/// Bytes before the entries: magic, version, reserved, count.
const FIXED: usize = 16;
/// Bytes of one entry: `t: i32`, `offset: u64`, `len: u64`.
const ENTRY: usize = 20;
/// Bytes of the index's checksum.
const CHECKSUM: usize = 32;

/// Where each record of one pack lies.
#[derive(Clone, Debug)]
pub(crate) struct PackIndex {
    /// The pack file.
    pub path: PathBuf,
    /// Its number `k` (`pack{k:04}.pack`).
    pub number: u32,
    /// `t` → (offset, length) of the record file's bytes.
    pub entries: BTreeMap<i32, (u64, u64)>,
}

/// The packs of one row, newest first, and those whose index did not check.
#[derive(Clone, Debug, Default)]
pub(crate) struct RowPacks {
    pub packs: Vec<PackIndex>,
    pub bad: Vec<(PathBuf, Corrupt)>,
}

impl RowPacks {
    /// The newest pack holding `t`.
    fn find(&self, t: i32) -> Option<(&PackIndex, u64, u64)> {
        self.packs
            .iter()
            .find_map(|p| p.entries.get(&t).map(|&(off, len)| (p, off, len)))
    }

    /// The number the next pack of the row takes (`None` past `u32::MAX`: the row is then
    /// left unpacked).
    fn next_number(&self) -> Option<u32> {
        let bad = self.bad.iter().filter_map(|(p, _)| pack_number(p));
        let good = self.packs.iter().map(|p| p.number);
        good.chain(bad).max().map_or(Some(0), |k| k.checked_add(1))
    }
}

/// The number `k` of a canonical pack name `pack{k:04}.pack`.
fn pack_number(path: &Path) -> Option<u32> {
    let name = path.file_name()?.to_str()?;
    let k = name.strip_prefix("pack")?.strip_suffix(".pack")?;
    let number: u32 = k.parse().ok()?;
    (format!("pack{number:04}.{EXTENSION}") == name).then_some(number)
}

/// The path of pack `k` in the row folder `row`.
fn pack_path(row: &Path, k: u32) -> PathBuf {
    row.join(format!("pack{k:04}.{EXTENSION}"))
}

/// The packs in the row folder `row` (none when it does not exist), newest first.
pub(crate) fn read_row_packs(row: &Path) -> RowPacks {
    let mut found: Vec<(u32, PathBuf)> = match fs::read_dir(row) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .filter_map(|e| pack_number(&e.path()).map(|k| (k, e.path())))
            .collect(),
        Err(_) => Vec::new(),
    };
    found.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
    let mut out = RowPacks::default();
    // A file named like a pack that this build would not have named so holds nothing it
    // reads: said once, not silently skipped.
    if let Ok(entries) = fs::read_dir(row) {
        for e in entries.filter_map(|e| e.ok()) {
            let path = e.path();
            let packish = path.extension().is_some_and(|x| x == EXTENSION);
            if packish && pack_number(&path).is_none() {
                let why =
                    "not a pack name this build writes (pack0000.pack, pack0001.pack, …): not read"
                        .to_string();
                out.bad
                    .push((path, corrupt("pack name", Why::PackIndex { why })));
            }
        }
    }
    for (number, path) in found {
        match read_index(&path, number) {
            Ok(index) => out.packs.push(index),
            Err(c) => out.bad.push((path, c)),
        }
    }
    out
}

/// The index of the pack at `path`, checked: magic, version, count, checksum, and every
/// entry within the file, in order of `t` and of offset, not overlapping.
fn read_index(path: &Path, number: u32) -> Result<PackIndex, Corrupt> {
    let file_err = |e: std::io::Error| corrupt("file", Why::File(ReadError::Io(Arc::new(e))));
    let meta = fs::metadata(path).map_err(file_err)?;
    if !meta.is_file() {
        return Err(corrupt("file", Why::File(ReadError::NotRegular)));
    }
    let mut f = fs::File::open(path).map_err(file_err)?;
    let len = meta.len();
    let bad = |field: &'static str, why: String| corrupt(field, Why::PackIndex { why });
    let mut fixed = [0u8; FIXED];
    if len < FIXED as u64 {
        return Err(bad(
            "pack index",
            format!("{len} bytes, shorter than a pack's first {FIXED}"),
        ));
    }
    f.read_exact(&mut fixed).map_err(file_err)?;
    if &fixed[..8] != MAGIC {
        return Err(bad(
            "pack magic",
            "not an adams row pack (ADAMSPAK)".to_string(),
        ));
    }
    let version = u16::from_le_bytes([fixed[8], fixed[9]]);
    if version != VERSION {
        let why = format!("version {version}, this adams reads {VERSION}");
        return Err(bad("pack version", why));
    }
    let count = u32::from_le_bytes(fixed[12..16].try_into().expect("4 bytes"));
    if count == 0 || count > MAX_ENTRIES {
        let why = format!("{count} records: a pack holds 1 to {MAX_ENTRIES}");
        return Err(bad("pack count", why));
    }
    let index_len = FIXED + ENTRY * count as usize + CHECKSUM;
    if (index_len as u64) > len {
        let why = format!("{count} records need an index of {index_len} bytes, the file has {len} (truncated, or the count altered)");
        return Err(bad("pack count", why));
    }
    let mut index = fixed.to_vec();
    index.resize(index_len, 0);
    f.read_exact(&mut index[FIXED..]).map_err(file_err)?;
    let (body, sum) = index.split_at(index_len - CHECKSUM);
    if blake3::hash(body).as_bytes() != sum {
        let why = "BLAKE3 of the pack index does not match (altered bytes)".to_string();
        return Err(bad("pack checksum", why));
    }
    Ok(PackIndex {
        path: path.to_path_buf(),
        number,
        entries: entries(&body[FIXED..], index_len as u64, len)?,
    })
}

/// The entries of a pack index whose checksum checked (`raw`: `count` entries of
/// [`ENTRY`] bytes), each checked to lie after the index (`index_len` bytes) and within
/// the file (`file_len` bytes), in order of `t` and of offset, not overlapping.
fn entries(
    raw: &[u8],
    index_len: u64,
    file_len: u64,
) -> Result<BTreeMap<i32, (u64, u64)>, Corrupt> {
    let mut entries = BTreeMap::new();
    let mut end = index_len;
    for e in raw.chunks_exact(ENTRY) {
        let t = i32::from_le_bytes(e[0..4].try_into().expect("4 bytes"));
        let offset = u64::from_le_bytes(e[4..12].try_into().expect("8 bytes"));
        let len = u64::from_le_bytes(e[12..20].try_into().expect("8 bytes"));
        let why = if offset < end {
            Some("records overlap or are out of order")
        } else if len > record::MAX_FILE_LEN {
            Some("a record longer than a bidegree file may be")
        } else if offset.saturating_add(len) > file_len {
            Some("a record beyond the end of the file (truncated)")
        } else if entries.last_key_value().is_some_and(|(&last, _)| last >= t) {
            Some("degrees out of order")
        } else {
            None
        };
        if let Some(why) = why {
            let why = format!("record of t = {t}: {why}");
            return Err(corrupt("pack entry", Why::PackIndex { why }));
        }
        end = offset + len;
        entries.insert(t, (offset, len));
    }
    Ok(entries)
}

/// The records the pack at `path` indexes (0 when its index does not check).
pub(crate) fn records_in(path: &Path) -> usize {
    read_index(path, pack_number(path).unwrap_or(0)).map_or(0, |i| i.entries.len())
}

impl Packs {
    /// The packs of rows `0..=max_s` (folders under `dir`) whose index does not check, each
    /// once (their records are recomputed; [`super::ResumeReport::bad_packs`]).
    pub(crate) fn bad(&self, dir: &Path, max_s: u32) -> Vec<(PathBuf, Corrupt)> {
        (0..=max_s)
            .flat_map(|s| self.row(s, &dir.join(format!("s{s:03}"))).bad.clone())
            .collect()
    }
}

/// The bytes of the record of degree `t` in `pack`.
fn read_entry(pack: &PackIndex, offset: u64, len: u64) -> Result<Vec<u8>, ReadError> {
    let io = |e: std::io::Error| ReadError::Io(Arc::new(e));
    let mut f = fs::File::open(&pack.path).map_err(io)?;
    f.seek(SeekFrom::Start(offset)).map_err(io)?;
    let mut bytes = vec![0u8; len as usize];
    f.read_exact(&mut bytes).map_err(io)?;
    Ok(bytes)
}

/// What a lookup of one bidegree's record found.
pub(crate) enum Lookup {
    /// The record file's bytes, and the file they came from.
    Found(PathBuf, Vec<u8>),
    /// No record, loose or packed.
    Missing,
    /// A file that could not be read.
    Unreadable(PathBuf, ReadError),
}

/// The packs of a save directory's rows as read so far, and the packing in progress.
#[derive(Default)]
pub(crate) struct Packs {
    rows: Mutex<HashMap<u32, Arc<RowPacks>>>,
    /// Record files written into each row folder since it was last packed (counted from the
    /// folder the first time).
    loose: Mutex<HashMap<u32, usize>>,
    /// Rows a writer is packing now.
    packing: Mutex<std::collections::HashSet<u32>>,
}

impl Packs {
    /// The packs of row `s` (folder `row`), read once.
    pub(crate) fn row(&self, s: u32, row: &Path) -> Arc<RowPacks> {
        let mut rows = self.rows.lock().expect("packs");
        rows.entry(s)
            .or_insert_with(|| Arc::new(read_row_packs(row)))
            .clone()
    }

    /// The record of degree `t` in row `s` (folder `row`), its own file `loose` first.
    pub(crate) fn lookup(&self, s: u32, t: i32, row: &Path, loose: &Path) -> Lookup {
        match super::read_regular(loose, record::MAX_FILE_LEN) {
            Ok(bytes) => return Lookup::Found(loose.to_path_buf(), bytes),
            Err(ReadError::Missing) => {}
            Err(e) => return Lookup::Unreadable(loose.to_path_buf(), e),
        }
        let packs = self.row(s, row);
        if let Some((pack, offset, len)) = packs.find(t) {
            return match read_entry(pack, offset, len) {
                Ok(bytes) => Lookup::Found(pack.path.clone(), bytes),
                Err(e) => Lookup::Unreadable(pack.path.clone(), e),
            };
        }
        Lookup::Missing
    }

    /// Whether row `s` has a pack holding `t`.
    pub(crate) fn holds(&self, s: u32, t: i32, row: &Path) -> bool {
        self.row(s, row).find(t).is_some()
    }

    /// Counts one record file written into row `s` (folder `row`); `true` when the row now
    /// holds `pack_at` of them and no other writer is packing it (the caller packs it).
    pub(crate) fn wrote(&self, s: u32, row: &Path, pack_at: usize) -> bool {
        let mut loose = self.loose.lock().expect("loose");
        let n = loose
            .entry(s)
            .or_insert_with(|| loose_records(row).len().saturating_sub(1));
        *n += 1;
        if *n < pack_at {
            return false;
        }
        let mut packing = self.packing.lock().expect("packing");
        if !packing.insert(s) {
            return false;
        }
        *n = 0;
        true
    }

    /// Gathers the record files of row `s` (folder `row`) into its next pack, then removes
    /// them. Returns the records packed (0 when there were none).
    ///
    /// Errors: [`SaveError::Io`] naming the file that could not be read or written; the
    /// record files are then left as they were.
    pub(crate) fn pack_row(&self, s: u32, row: &Path) -> Result<usize, SaveError> {
        let result = self.pack_row_inner(s, row);
        self.packing.lock().expect("packing").remove(&s);
        result
    }

    fn pack_row_inner(&self, s: u32, row: &Path) -> Result<usize, SaveError> {
        let files = loose_records(row);
        if files.is_empty() {
            return Ok(0);
        }
        let mut sizes = Vec::with_capacity(files.len());
        for (_, path) in &files {
            let meta = fs::metadata(path).map_err(|e| io_error(path, e))?;
            sizes.push(meta.len());
        }
        let (index, entries) = build_index(&files, &sizes);
        let Some(number) = self.row(s, row).next_number() else {
            return Ok(0);
        };
        let path = pack_path(row, number);
        let tmp = temporary_path(&path);
        let write = || -> Result<(), SaveError> {
            let mut out = fs::File::create_new(&tmp).map_err(|e| io_error(&tmp, e))?;
            out.write_all(&index).map_err(|e| io_error(&tmp, e))?;
            for ((_, from), &len) in files.iter().zip(&sizes) {
                let src = fs::File::open(from).map_err(|e| io_error(from, e))?;
                let copied =
                    std::io::copy(&mut src.take(len), &mut out).map_err(|e| io_error(from, e))?;
                if copied != len {
                    let e = std::io::Error::new(
                        std::io::ErrorKind::UnexpectedEof,
                        format!("{copied} of {len} bytes: the record changed while packed"),
                    );
                    return Err(io_error(from, e));
                }
            }
            out.sync_all().map_err(|e| io_error(&tmp, e))?;
            // Never over a pack already there (packs are never rewritten; one process holds
            // the directory's lock and one writer packs a row at a time).
            if fs::symlink_metadata(&path).is_ok() {
                let e = std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    "a pack of this number exists: not replaced",
                );
                return Err(io_error(&path, e));
            }
            fs::rename(&tmp, &path).map_err(|e| io_error(&path, e))
        };
        if let Err(e) = write() {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
        sync_dir(row)?;
        // Readers see the pack before any record file goes.
        {
            let mut rows = self.rows.lock().expect("packs");
            let old = rows.remove(&s).unwrap_or_default();
            let old = Arc::unwrap_or_clone(old);
            let mut packs = vec![PackIndex {
                path,
                number,
                entries,
            }];
            packs.extend(old.packs);
            rows.insert(
                s,
                Arc::new(RowPacks {
                    packs,
                    bad: old.bad,
                }),
            );
        }
        for (_, from) in &files {
            fs::remove_file(from).map_err(|e| io_error(from, e))?;
        }
        Ok(files.len())
    }
}

/// The index of a pack of `files` (by `t`) of `sizes` bytes, and its entries.
fn build_index(files: &[(i32, PathBuf)], sizes: &[u64]) -> (Vec<u8>, BTreeMap<i32, (u64, u64)>) {
    let index_len = (FIXED + ENTRY * files.len() + CHECKSUM) as u64;
    let mut index = Vec::with_capacity(index_len as usize);
    index.extend_from_slice(MAGIC);
    index.extend_from_slice(&VERSION.to_le_bytes());
    index.extend_from_slice(&0u16.to_le_bytes());
    index.extend_from_slice(&(files.len() as u32).to_le_bytes());
    let mut offset = index_len;
    let mut entries = BTreeMap::new();
    for ((t, _), &len) in files.iter().zip(sizes) {
        index.extend_from_slice(&t.to_le_bytes());
        index.extend_from_slice(&offset.to_le_bytes());
        index.extend_from_slice(&len.to_le_bytes());
        entries.insert(*t, (offset, len));
        offset += len;
    }
    let sum = blake3::hash(&index);
    index.extend_from_slice(sum.as_bytes());
    (index, entries)
}

/// The record files (`t{t:03}.rec`, the canonical names) in the row folder `row`, by `t`.
pub(crate) fn loose_records(row: &Path) -> Vec<(i32, PathBuf)> {
    let Ok(entries) = fs::read_dir(row) else {
        return Vec::new();
    };
    let mut out: Vec<(i32, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name();
            let t: i32 = name
                .to_str()?
                .strip_prefix('t')?
                .strip_suffix(&format!(".{}", record::EXTENSION))?
                .parse()
                .ok()?;
            let canonical = format!("t{t:03}.{}", record::EXTENSION);
            (name.to_str() == Some(canonical.as_str())).then(|| (t, e.path()))
        })
        .collect();
    out.sort_unstable_by_key(|(t, _)| *t);
    out
}
