//! The library of a process: where files are looked for, the files opened so far (each once),
//! and the answers of every question asked so far, remembered.

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use arc_swap::ArcSwap;
use rustc_hash::FxHashMap;
use tilebase_lookup::{Database, PatternFile, RelabelledFile, Storage};

use crate::answering::Answers;
use crate::error::Error;
use crate::files;
use crate::files::find::Finder;
use crate::files::opened::Opened;
use crate::files::places::Places;
use crate::files::watch::{Quietly, Watch};
use crate::question::Question;

thread_local! {
    /// The question this thread was last answered from a library's memory, by that library's
    /// address, with its answers.
    static LAST: RefCell<Option<(usize, Question, Answers)>> = const { RefCell::new(None) };
}

impl Answers {
    /// The answers for `question`, from the files every tilebase program finds: opened (or
    /// built, saying nothing) by [`Library::standard`].
    pub fn open(question: &Question) -> Result<Answers, Error> {
        Library::standard().open(question, &Quietly)
    }
}

/// Questions remembered with their answers. Past this many the memory is cleared (the files
/// stay open): any goal of a board can be asked about, and there are millions.
const REMEMBERED: usize = 4096;

/// Where a process finds the files that answer its questions, and what it has opened: every
/// file is opened once per library (once per process for [`Library::standard`]), and the
/// answers of a question asked before are found without a lock.
///
/// ```no_run
/// use tilebase_answer::{Board, Library, Question, Quietly};
///
/// // The 15-puzzle: its pattern databases found under db/ or in the cache, or built there.
/// let question = Question::read_text(Some("4x4"), None, None, Some("5-5-5"))?;
/// let answers = Library::standard().open(&question, &Quietly)?;
/// let one = answers.read("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")?;
/// assert_eq!(answers.distance(&one)?, Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Library {
    /// Where files are looked for; `None`: [`Places::standard`], read at each search, so that
    /// a program that changes `$TILEBASE_CACHE_DIR` is heard.
    places: Option<Places>,
    /// Tables shipped inside the program (the Python module's 3x3 databases), looked at first.
    shipped: Vec<Arc<Database>>,
    opened: Opened,
    /// The hot path: read without a lock and without touching a reference count, so that
    /// requests on different cores write no memory in common; replaced whole, rarely, when a
    /// question is first asked.
    remembered: ArcSwap<FxHashMap<Question, Answers>>,
}

impl Library {
    /// A library that looks for files in `places`, with nothing opened yet.
    pub fn new(places: Places) -> Library {
        Library {
            places: Some(places),
            shipped: Vec::new(),
            opened: Opened::default(),
            remembered: ArcSwap::default(),
        }
    }

    /// The same library, answering first from `tables`, shipped inside the program: a goal's
    /// own table, else its class's.
    pub fn with_shipped(mut self, tables: Vec<Arc<Database>>) -> Library {
        self.shipped = tables;
        self
    }

    /// A library with no file system ([`Places::memory`]): the browser's. Files are given to
    /// it as bytes ([`Library::add_file`]), and the missing ones a question needs are built in
    /// memory, where [`Library::file`] finds their bytes to keep (a page keeps them in its
    /// own storage, and gives them back on the next visit).
    ///
    /// ```
    /// use tilebase_answer::{Library, Question, Quietly};
    ///
    /// let library = Library::in_memory();
    /// let question = Question::read_text(Some("3x2"), None, None, None)?;
    /// let answers = library.open(&question, &Quietly)?; // built in memory
    /// assert_eq!(answers.distance(&answers.read("123405")?)?, Some(1));
    /// assert_eq!(library.file_names(), ["3x2-123450.tilebase"]);
    ///
    /// // Given back to another library, it answers without a build.
    /// let bytes = library.file("3x2-123450.tilebase").unwrap();
    /// let again = Library::in_memory();
    /// again.add_file("3x2-123450.tilebase", bytes)?;
    /// assert!(again.find(&question, &Quietly)?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_memory() -> Library {
        Library::new(Places::memory())
    }

    /// Gives a library in memory ([`Library::in_memory`]) the file named `name`, as the cache
    /// names it (a table, a pattern database, or a relabelled table, told apart by the name),
    /// holding `bytes`: checked whole (every block against its checksum) before it is kept,
    /// and refused unless it holds what its name says when a question first needs it. A file
    /// of the same name given or built before is replaced, for the questions not yet asked.
    pub fn add_file(&self, name: &str, bytes: Vec<u8>) -> Result<(), Error> {
        let places = self.places();
        if !places.memory {
            return Err(Error::Files(format!(
                "{name}: files are given as bytes to a library in memory only; this one reads \
                 them from {}",
                places.local.display()
            )));
        }
        if name.is_empty() || name.contains(['/', '\\']) || !name.ends_with(".tilebase") {
            return Err(Error::Files(format!(
                "{name:?}: not the name of a tilebase file (NAME.tilebase, as the cache names it)"
            )));
        }
        let path = places.local.join(name);
        let refused = |e: tilebase_lookup::Error| Error::Files(format!("{name}: {e}"));
        let bytes = Storage::Memory(bytes);
        if name.contains("-mtm-labels-") {
            let file = RelabelledFile::from_bytes(bytes).map_err(refused)?;
            self.opened.keep_relabelled(&path, Arc::new(file));
        } else if name.contains("-pdb-") {
            let file = PatternFile::from_bytes(bytes).map_err(refused)?;
            self.opened.keep_pattern(&path, Arc::new(file));
        } else {
            let file = Database::from_bytes_checked(bytes).map_err(refused)?;
            self.opened.keep_table(&path, Arc::new(file));
        }
        Ok(())
    }

    /// The bytes of the file named `name` that this library has open: given, built in memory,
    /// or read from disk. `None` when it has none of that name.
    pub fn file(&self, name: &str) -> Option<Vec<u8>> {
        let places = self.places();
        [Some(&places.local), places.cache.as_ref()]
            .into_iter()
            .flatten()
            .find_map(|dir| self.opened.bytes(&dir.join(name)))
    }

    /// The names of the files this library has open (given, built in memory, or read from
    /// disk), sorted.
    pub fn file_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .opened
            .paths()
            .iter()
            .filter_map(|path| Some(path.file_name()?.to_string_lossy().into_owned()))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// A library over [`Places::standard`]: `db/` in the current directory, then the cache,
    /// as they are when each file is looked for.
    pub fn new_standard() -> Library {
        Library {
            places: None,
            ..Library::new(Places::standard())
        }
    }

    /// The process's library over [`Places::standard`]: `db/` in the current directory, then
    /// the cache.
    pub fn standard() -> &'static Library {
        static STANDARD: OnceLock<Library> = OnceLock::new();
        STANDARD.get_or_init(Library::new_standard)
    }

    /// Where files are looked for now.
    pub fn places(&self) -> Places {
        self.places.clone().unwrap_or_else(Places::standard)
    }

    /// What `answer` makes of the answers to `question`, if it was asked before (else `None`):
    /// the hot path, which neither locks nor counts references; the answers are lent to
    /// `answer` for as long as it runs. The question a thread was last answered is found
    /// first, with no hashing: a program, or a server's worker, asks the same one again and
    /// again.
    #[inline]
    pub fn remembered<T>(
        &self,
        question: &Question,
        answer: impl FnOnce(&Answers) -> T,
    ) -> Option<T> {
        let me = self as *const Library as usize;
        let mut answer = Some(answer);
        let last = LAST.with(|last| {
            let last = last.try_borrow().ok()?;
            match &*last {
                Some((library, asked, answers)) if *library == me && asked == question => {
                    answer.take().map(|answer| answer(answers))
                }
                _ => None,
            }
        });
        if last.is_some() {
            return last;
        }
        let answer = answer?;
        let remembered = self.remembered.load();
        let answers = remembered.get(question)?;
        LAST.with(|last| {
            // Busy only when `answer` asks again from within: it then stays as it was.
            if let Ok(mut last) = last.try_borrow_mut() {
                *last = Some((me, *question, answers.clone()));
            }
        });
        Some(answer(answers))
    }

    /// The answers to `question` from the files that are there, opened (once): `None` when
    /// some are missing, and nothing is built. A damaged file in `db/` is an error; one in the
    /// cache counts as missing.
    pub fn find(&self, question: &Question, watch: &dyn Watch) -> Result<Option<Answers>, Error> {
        self.locate(question, watch, false)
    }

    /// The answers to `question`: from the files that are there, else from files built now
    /// (into the cache, saying so through `watch`: a full table of 12 cells takes seconds, the
    /// 15-puzzle's strongest pattern databases minutes). Two processes that need the same
    /// missing file build it once: the second waits for the first, then opens what it wrote.
    pub fn open(&self, question: &Question, watch: &dyn Watch) -> Result<Answers, Error> {
        match self.locate(question, watch, true)? {
            Some(answers) => Ok(answers),
            None => Err(Error::Files(format!(
                "no files answer for {question}, and none could be built"
            ))),
        }
    }

    /// [`Self::find`], with the files that are missing an error: it names each missing file,
    /// where it was looked for, and the command that builds it. For processes that must not
    /// build (a cluster's workers, which read files built once where they all see them).
    pub fn find_built(&self, question: &Question, watch: &dyn Watch) -> Result<Answers, Error> {
        if let Some(answers) = self.find(question, watch)? {
            return Ok(answers);
        }
        Err(files::not_built(&self.places(), question))
    }

    fn locate(
        &self,
        question: &Question,
        watch: &dyn Watch,
        build: bool,
    ) -> Result<Option<Answers>, Error> {
        if let Some(answers) = self.remembered(question, Answers::clone) {
            return Ok(Some(answers));
        }
        let places = self.places();
        let finder = Finder {
            places: &places,
            shipped: &self.shipped,
            opened: &self.opened,
            watch,
        };
        let source = finder.source(question, build)?;
        Ok(source.map(|source| self.remember(Answers::new(*question, source))))
    }

    /// Remembers `answers`, and returns them.
    fn remember(&self, answers: Answers) -> Answers {
        // Questions race to be remembered: `rcu` retries a copy made while another was added.
        self.remembered.rcu(|remembered| {
            let mut remembered = if remembered.len() >= REMEMBERED {
                FxHashMap::default()
            } else {
                FxHashMap::clone(remembered)
            };
            remembered.insert(*answers.question(), answers.clone());
            remembered
        });
        answers
    }
}
