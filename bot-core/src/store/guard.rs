//! The store guards its file: SQLite keeps writing through the descriptor it opened, so a database
//! file removed or replaced under a running process would go on taking commits into a file that no
//! longer has a name — acknowledged, and gone at the next start. A watcher compares the file at
//! the path with the one opened every [`CHECK_EVERY`]; once they differ the store refuses every
//! write with [`StoreError::FileLost`] and [`Store::lost`] resolves, so the process can say so and
//! stop.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::watch;

use super::Store;
use super::error::StoreError;

/// How often the file is looked at: a stat, microseconds.
pub const CHECK_EVERY: Duration = Duration::from_secs(1);

/// What identifies a file whatever its name: its device and inode (on other systems, its size
/// never shrinking below what was opened stands in for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Identity {
    device: u64,
    inode: u64,
}

fn identity(path: &Path) -> Option<Identity> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Identity {
            device: meta.dev(),
            inode: meta.ino(),
        })
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some(Identity {
            device: 0,
            inode: 0,
        })
    }
}

/// The watch over one database file, shared by a store's clones.
#[derive(Debug)]
pub(crate) struct Guard {
    path: PathBuf,
    lost: watch::Sender<bool>,
}

impl Guard {
    /// Starts watching the file at `path` as it is now; the watcher ends with the last clone of
    /// the store.
    pub fn watch(path: &Path) -> Arc<Guard> {
        let guard = Arc::new(Guard {
            path: path.to_path_buf(),
            lost: watch::channel(false).0,
        });
        if let (Some(opened), Ok(runtime)) = (identity(path), tokio::runtime::Handle::try_current())
        {
            runtime.spawn(look(Arc::downgrade(&guard), opened));
        }
        guard
    }

    /// The database file watched.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Refuses a write once the file is lost.
    pub fn check(&self) -> Result<(), StoreError> {
        if *self.lost.borrow() {
            return Err(StoreError::FileLost(self.path.clone()));
        }
        Ok(())
    }
}

/// Looks at the file until it is lost or the store is gone.
async fn look(guard: Weak<Guard>, opened: Identity) {
    loop {
        tokio::time::sleep(CHECK_EVERY).await;
        let Some(guard) = guard.upgrade() else { return };
        if identity(&guard.path) != Some(opened) {
            tracing::error!(
                database = %guard.path.display(),
                "the database file was removed or replaced while the bot ran; nothing more is written"
            );
            guard.lost.send_replace(true);
            return;
        }
    }
}

impl Store {
    /// Resolves once the database file was found removed or replaced under this process (see the
    /// [module](self)): the bot should then stop, exiting with an error. Never resolves otherwise.
    /// A PostgreSQL database has no file to lose: then it never resolves.
    pub async fn lost(&self) -> PathBuf {
        let super::Engine::Lite(lite) = &self.engine else {
            return std::future::pending().await;
        };
        let mut rx = lite.guard.lost.subscribe();
        let _ = rx.wait_for(|lost| *lost).await;
        if *rx.borrow() {
            return lite.guard.path.clone();
        }
        // The sender is never dropped while this store lives.
        std::future::pending().await
    }

    /// Whether the database file was lost (see [`Store::lost`]).
    pub fn is_lost(&self) -> bool {
        match &self.engine {
            super::Engine::Lite(lite) => lite.guard.check().is_err(),
            super::Engine::Pg(_) => false,
        }
    }
}
