//! The journal's lines as they are appended, read from the file without its
//! lock: the writer appends whole lines and fsyncs, so a line without its
//! newline is one being written, and is left for the next read. The writer
//! also says how many bytes are durable ([`Tail::read_to`]): a line past
//! that may still be cut back off by a failed fsync, and is not read.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use crate::journal::fnv64;

/// Follows one journal file.
#[derive(Debug)]
pub struct Tail {
    path: PathBuf,
    /// Bytes read up to the end of the last whole line.
    offset: u64,
    /// The night's id: the FNV-1a of its header line and the file's birth
    /// time (two nights under the same rules can start in the same second,
    /// and the header's stamp is in seconds).
    night: Option<u64>,
    /// The file read (device, inode): another file in its place is
    /// another night, whatever its length.
    file: Option<(u64, u64)>,
}

/// What one read found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Lines {
    /// The night the lines belong to, once its header is read.
    pub night: Option<u64>,
    /// The file was cut back or replaced: the lines start again from the
    /// first record, and what was read before may not hold any more.
    pub restarted: bool,
    /// Whole record lines, without their newline.
    pub records: Vec<Vec<u8>>,
}

impl Tail {
    pub fn new(path: &Path) -> Tail {
        Tail {
            path: path.to_path_buf(),
            offset: 0,
            night: None,
            file: None,
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The whole lines appended since the last read. A missing file is an
    /// empty one: the night has not started.
    pub fn read(&mut self) -> io::Result<Lines> {
        self.read_to(None)
    }

    /// As [`Tail::read`], reading no further than byte `durable` of the
    /// file (the journal's confirmed length), when it is known.
    pub fn read_to(&mut self, durable: Option<u64>) -> io::Result<Lines> {
        let mut file = match File::open(&self.path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Lines {
                    night: self.night,
                    ..Lines::default()
                })
            }
            Err(e) => return Err(e),
        };
        let meta = file.metadata()?;
        let len = durable.map_or(meta.len(), |d| d.min(meta.len()));
        let id = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        let born = meta
            .created()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let mut restarted = false;
        if self.file.is_some_and(|f| f != id) && self.offset > 0 {
            // Another file: a new night in the old one's place.
            self.offset = 0;
            self.night = None;
            restarted = true;
        }
        self.file = Some(id);
        if len < self.offset {
            // Cut back after a failed append, or a new night in its place.
            self.offset = 0;
            self.night = None;
            restarted = true;
        }
        file.seek(SeekFrom::Start(self.offset))?;
        let mut bytes = Vec::new();
        file.take(len - self.offset).read_to_end(&mut bytes)?;
        let mut records = Vec::new();
        let mut start = 0;
        while let Some(end) = bytes[start..].iter().position(|&b| b == b'\n') {
            let line = &bytes[start..start + end];
            if self.offset == 0 && start == 0 {
                let night = night_id(line, born);
                if self.night.is_some_and(|n| n != night) {
                    restarted = true;
                }
                self.night = Some(night);
            } else {
                records.push(line.to_vec());
            }
            start += end + 1;
        }
        self.offset += start as u64;
        Ok(Lines {
            night: self.night,
            restarted,
            records,
        })
    }
}

/// A night's id from its header line and its file's birth time.
pub fn night_id(header: &[u8], born_nanos: u128) -> u64 {
    let mut bytes = header.to_vec();
    bytes.extend_from_slice(&born_nanos.to_le_bytes());
    fnv64(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn reads_whole_lines_once_and_leaves_a_torn_one() {
        let dir = std::env::temp_dir().join(format!("dealerd-tail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("journal.jsonl");
        let _ = std::fs::remove_file(&path);
        let mut tail = Tail::new(&path);
        assert_eq!(tail.read().unwrap(), Lines::default());

        let mut f = File::create(&path).unwrap();
        f.write_all(b"{\"header\":1}\n{\"n\":1}\n{\"n\":2").unwrap();
        let got = tail.read().unwrap();
        assert_eq!(got.records, vec![b"{\"n\":1}".to_vec()]);
        assert!(got.night.is_some());
        let first = got.night;
        assert!(!got.restarted);

        f.write_all(b"}\n").unwrap();
        assert_eq!(tail.read().unwrap().records, vec![b"{\"n\":2}".to_vec()]);
        assert!(tail.read().unwrap().records.is_empty());

        assert_eq!(tail.read().unwrap().night, first, "the same night");

        // A new night in the file's place, even with the same header,
        // starts over from its first record.
        std::fs::remove_file(&path).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(5));
        std::fs::write(&path, b"{\"header\":1}\n{\"n\":1}\n").unwrap();
        let got = tail.read().unwrap();
        assert!(got.restarted);
        assert_eq!(got.records, vec![b"{\"n\":1}".to_vec()]);
        assert_ne!(got.night, first);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
