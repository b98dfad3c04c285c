//! The journal file: started or created under the writer's lock, appended
//! to and fsynced a record at a time, cut back when a write fails, and
//! read back one record at a time with a torn last line repaired.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use super::line::{parse_line, EventLine, Line, True, UndoLine};
use super::{Fault, Header, JournalError, Record, VERSION};

/// An open journal, positioned for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    /// Locked (flock, exclusive) while the journal lives.
    file: File,
    header: Header,
    /// Records in the file.
    len: u64,
    /// Bytes in the file up to the end of the last confirmed record: where
    /// a failed append is cut back to.
    end: u64,
    /// What open had to repair, if anything.
    recovered: Option<String>,
    fault: Option<Fault>,
    /// A failed append could not be cut back: the file may hold a record
    /// nobody confirmed, so nothing may follow it.
    broken: bool,
}

/// What [`Journal::start`] found at the path.
#[derive(Debug)]
pub enum Start {
    /// A journal to resume: its header, then its records.
    Resume(Header, Box<Reader>),
    /// No night to resume: the file is new, or held no complete header and
    /// no record (a disk that filled while the header was written). Locked
    /// and empty; [`Blank::begin`] writes the header.
    New(Blank),
}

/// A locked, empty journal file waiting for its header.
#[derive(Debug)]
pub struct Blank {
    path: PathBuf,
    file: File,
    /// Why an existing file was started over.
    recreated: Option<String>,
}

impl Blank {
    /// Writes the header: when this returns, it and the directory entry are
    /// on disk.
    pub fn begin(self, header: Header) -> Result<Journal, JournalError> {
        let Blank {
            path,
            mut file,
            recreated,
        } = self;
        let mut line = serde_json::to_string(&header).map_err(|e| JournalError::Header {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        line.push('\n');
        {
            let io = io_err(&path);
            file.set_len(0).map_err(&io)?;
            file.write_all(line.as_bytes()).map_err(&io)?;
            file.sync_all().map_err(&io)?;
        }
        sync_dir(&path);
        Ok(Journal {
            path,
            file,
            header,
            len: 0,
            end: line.len() as u64,
            recovered: recreated,
            fault: None,
            broken: false,
        })
    }
}

/// Takes the writer's lock, or says who has it.
///
/// The lock belongs to the open file, and a process that forks holds a copy
/// of every descriptor until its child execs (close-on-exec only closes
/// them then): a writer that has just closed the journal can still hold it
/// for that instant if it spawned a process meanwhile. So a lock that is
/// taken is tried a few times more over 100 ms before the start is refused.
fn lock(file: &File, path: &Path) -> Result<(), JournalError> {
    const TRIES: u32 = 20;
    for attempt in 1..=TRIES {
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(TryLockError::WouldBlock) if attempt < TRIES => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => break,
            Err(TryLockError::Error(source)) => {
                return Err(JournalError::Io {
                    path: path.display().to_string(),
                    source,
                })
            }
        }
    }
    Err(JournalError::Locked {
        path: path.display().to_string(),
    })
}

/// The journal is the ledger of the night: nobody else's to read.
fn options() -> OpenOptions {
    let mut o = OpenOptions::new();
    o.append(true).read(true).mode(0o600);
    o
}

impl Journal {
    /// Opens the journal at `path` for writing, creating it if missing:
    /// what a session does at start. Refused if another writer holds it.
    pub fn start(path: &Path) -> Result<Start, JournalError> {
        let io = io_err(path);
        let (file, created) = match options().create_new(true).open(path) {
            Ok(file) => (file, true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                (options().open(path).map_err(&io)?, false)
            }
            Err(e) => return Err(io(e)),
        };
        lock(&file, path)?;
        if created {
            sync_dir(path);
            return Ok(Start::New(Blank {
                path: path.to_path_buf(),
                file,
                recreated: None,
            }));
        }
        match Journal::read_file(path, file)? {
            Ok((header, reader)) => Ok(Start::Resume(header, Box::new(reader))),
            Err((file, bytes)) => Ok(Start::New(Blank {
                path: path.to_path_buf(),
                file,
                recreated: Some(format!(
                    "{}: no complete header and no records ({bytes} bytes): started a new journal",
                    path.display()
                )),
            })),
        }
    }

    /// Starts a new journal; refuses to overwrite one. The header and the
    /// directory entry are on disk when this returns.
    pub fn create(path: &Path, header: Header) -> Result<Journal, JournalError> {
        let file = options().create_new(true).open(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                JournalError::Exists {
                    path: path.display().to_string(),
                }
            } else {
                io_err(path)(e)
            }
        })?;
        lock(&file, path)?;
        Blank {
            path: path.to_path_buf(),
            file,
            recreated: None,
        }
        .begin(header)
    }

    /// Opens a journal and reads its records, repairing a torn last line.
    pub fn open(path: &Path) -> Result<(Journal, Vec<Record>), JournalError> {
        let (_, mut reader) = Journal::read(path)?;
        let records = reader
            .by_ref()
            .map(|r| r.map(|(_, record)| record))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((reader.finish()?, records))
    }

    /// A journal's header and records as they stand, for a look from outside
    /// (a test, a tool) while its writer may be running: no lock is taken
    /// and nothing is repaired; a torn last line is left out.
    pub fn inspect(path: &Path) -> Result<(Header, Vec<Record>), JournalError> {
        let file = File::open(path).map_err(io_err(path))?;
        let (header, reader) = match Journal::read_file(path, file)? {
            Ok(read) => read,
            Err(_) => {
                return Err(JournalError::Header {
                    path: path.display().to_string(),
                    reason: "the file has no complete first line".into(),
                })
            }
        };
        let records = reader
            .map(|r| r.map(|(_, record)| record))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((header, records))
    }

    /// Opens a journal for reading its records one at a time, so a restart
    /// holds one line in memory, not the night: the header, then a
    /// [`Reader`] whose [`finish`](Reader::finish) repairs a torn last line
    /// and gives the journal, positioned for appending.
    pub fn read(path: &Path) -> Result<(Header, Reader), JournalError> {
        let file = options().open(path).map_err(io_err(path))?;
        lock(&file, path)?;
        match Journal::read_file(path, file)? {
            Ok(read) => Ok(read),
            Err(_) => Err(JournalError::Header {
                path: path.display().to_string(),
                reason: "the file has no complete first line".into(),
            }),
        }
    }

    /// The header and a reader of the records; or, when the file holds no
    /// complete line at all, the file back and how many bytes it holds.
    #[allow(clippy::type_complexity)]
    fn read_file(
        path: &Path,
        file: File,
    ) -> Result<Result<(Header, Reader), (File, usize)>, JournalError> {
        let io = io_err(path);
        let name = path.display().to_string();
        let mut lines = BufReader::new(file);
        let mut line = Vec::new();
        lines.read_until(b'\n', &mut line).map_err(&io)?;
        if line.pop() != Some(b'\n') {
            let bytes = line.len() + usize::from(!line.is_empty());
            return Ok(Err((lines.into_inner(), bytes)));
        }
        let header: Header = serde_json::from_slice(&line).map_err(|e| JournalError::Header {
            path: name.clone(),
            reason: e.to_string(),
        })?;
        if header.dealerd_journal != VERSION {
            return Err(JournalError::Header {
                path: name,
                reason: format!(
                    "format {} (this dealerd reads {VERSION})",
                    header.dealerd_journal
                ),
            });
        }
        let reader = Reader {
            path: path.to_path_buf(),
            name,
            good_end: line.len() as u64 + 1,
            lines,
            line,
            line_no: 1,
            records: 0,
            recovered: None,
            done: false,
            header: header.clone(),
            at: None,
        };
        Ok(Ok((header, reader)))
    }

    /// The next append fails as `fault` says (tests).
    pub fn inject(&mut self, fault: Fault) {
        self.fault = Some(fault);
    }

    /// Writes one record and fsyncs it: when this returns, the record survives
    /// a power cut, and only then may the screen confirm it.
    pub fn append(&mut self, record: &Record) -> Result<(), JournalError> {
        self.append_at(record, None)
    }

    /// As [`Journal::append`], stamped with the wall clock's `at` (unix
    /// seconds) as the shell read it.
    pub fn append_at(&mut self, record: &Record, at: Option<u64>) -> Result<(), JournalError> {
        let n = self.len + 1;
        let line = match record {
            Record::Event(e) => Line::Event(EventLine {
                n,
                event: e.clone(),
                at,
            }),
            Record::Undo => Line::Undo(UndoLine { n, undo: True, at }),
        };
        let mut text = serde_json::to_string(&line).map_err(|e| JournalError::Replay {
            n,
            reason: e.to_string(),
        })?;
        text.push('\n');
        let path = || self.path.display().to_string();
        if self.broken {
            return Err(JournalError::Stopped { path: path(), n });
        }
        let fault = self.fault.take();
        // One write per line, so a crash tears at most the last line.
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| match fault {
                Some(_) => Err(std::io::Error::other("injected: sync_data failed")),
                None => self.file.sync_data(),
            });
        if let Err(source) = written {
            // The line may be in the page cache, readable now and written
            // back later: left there, a restart would replay a record the
            // screen refused. Cut the file back to the last confirmed one.
            let cut = match fault {
                Some(Fault::SyncDataAndCut) => Err(std::io::Error::other("injected: cut failed")),
                _ => self
                    .file
                    .set_len(self.end)
                    .and_then(|()| self.file.sync_all()),
            };
            return Err(match cut {
                Ok(()) => JournalError::NotWritten {
                    path: path(),
                    n,
                    kept: self.len,
                    source,
                },
                Err(cut) => {
                    self.broken = true;
                    JournalError::NotCutBack {
                        path: path(),
                        n,
                        kept: self.len,
                        cut,
                        source,
                    }
                }
            });
        }
        self.len = n;
        self.end += text.len() as u64;
        Ok(())
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records in the file.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes of the file that are confirmed durable: the header and every
    /// fsynced record. Anything past it is a line being written or one a
    /// failed fsync left behind; a reader from outside (the room publisher)
    /// reads no further.
    pub fn durable_end(&self) -> u64 {
        self.end
    }

    /// The warning when open dropped a torn last line or started the file
    /// over.
    pub fn recovered(&self) -> Option<&str> {
        self.recovered.as_deref()
    }
}

/// The records of a journal being opened, in order (see [`Journal::read`]).
#[derive(Debug)]
pub struct Reader {
    path: PathBuf,
    name: String,
    header: Header,
    lines: BufReader<File>,
    /// The line being read, reused.
    line: Vec<u8>,
    line_no: usize,
    records: u64,
    /// Where the last good line ends: the file is cut back to here if what
    /// follows is torn.
    good_end: u64,
    recovered: Option<String>,
    done: bool,
    /// The last record's stamp.
    at: Option<u64>,
}

impl Reader {
    /// The wall-clock stamp of the record last read, if it has one.
    pub fn at(&self) -> Option<u64> {
        self.at
    }

    /// After the last record: repairs a torn last line (cutting the file
    /// back to the last good one, fsynced) and gives the journal.
    pub fn finish(mut self) -> Result<Journal, JournalError> {
        for r in self.by_ref() {
            r?;
        }
        let file = self.lines.into_inner();
        if self.recovered.is_some() {
            let io = io_err(&self.path);
            file.set_len(self.good_end).map_err(&io)?;
            file.sync_all().map_err(&io)?;
        }
        Ok(Journal {
            path: self.path,
            file,
            header: self.header,
            len: self.records,
            end: self.good_end,
            recovered: self.recovered,
            fault: None,
            broken: false,
        })
    }

    fn corrupt(&mut self, line: usize, reason: String) -> Option<<Self as Iterator>::Item> {
        self.done = true;
        Some(Err(JournalError::Corrupt {
            path: self.name.clone(),
            line,
            reason,
        }))
    }
}

/// Each record with its number (from 1).
impl Iterator for Reader {
    type Item = Result<(u64, Record), JournalError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.line.clear();
        let read = match self.lines.read_until(b'\n', &mut self.line) {
            Ok(read) => read,
            Err(source) => {
                self.done = true;
                let path = self.name.clone();
                return Some(Err(JournalError::Io { path, source }));
            }
        };
        let torn = read > 0 && self.line.last() != Some(&b'\n');
        if read == 0 || torn {
            self.done = true;
            if torn {
                self.recovered = Some(format!(
                    "{}:{}: dropped a torn last line ({read} bytes without a newline)",
                    self.name,
                    self.line_no + 1
                ));
            }
            return None;
        }
        self.line_no += 1;
        self.line.pop();
        match parse_line(&self.line, self.records + 1) {
            Ok((record, at)) => {
                self.records += 1;
                self.at = at;
                self.good_end += read as u64;
                Some(Ok((self.records, record)))
            }
            // A complete line was written whole and fsynced: it is no power
            // cut's, and dropping it would delete a record.
            Err(reason) => self.corrupt(
                self.line_no,
                format!(
                    "{reason}: a complete record this dealerd cannot read (from a newer \
                     dealerd, or a second writer?); the journal is left as it is"
                ),
            ),
        }
    }
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> JournalError + '_ {
    move |source| JournalError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// A new file's directory entry must reach the disk too. Best effort: some
/// systems cannot open a directory for syncing.
fn sync_dir(path: &Path) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}
