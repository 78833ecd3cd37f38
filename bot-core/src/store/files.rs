//! Files: the bytes a message carries (its picture), stored once each, addressed by the SHA-256 of
//! their bytes. A picture sent to five players, sent again after a restart or shown again in the
//! web chat's history is one row; messages refer to it by its hash. A file no message refers to
//! any more is deleted by [`Store::prune`](super::Store::prune).

use std::fmt;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::Store;
use super::engine::on_reader;
use super::error::StoreError;

/// Bytes to store with their hash, computed once when they are made (outside the writer, whose
/// time every chat shares).
#[derive(Clone, PartialEq, Eq)]
pub struct Blob {
    hash: String,
    bytes: Arc<[u8]>,
}

impl Blob {
    /// Wraps bytes, hashing them.
    pub fn new(bytes: impl Into<Arc<[u8]>>) -> Blob {
        let bytes = bytes.into();
        Blob {
            hash: hash_of(&bytes),
            bytes,
        }
    }

    /// The SHA-256 of the bytes in lower-case hex: the file's key.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// Leaves the bytes out: a hand of cards drawn as a picture is a player's secret.
impl fmt::Debug for Blob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Blob")
            .field("hash", &self.hash)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn hash_of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for b in digest {
        use std::fmt::Write;
        let _ = write!(hex, "{b:02x}");
    }
    hex
}

impl Store {
    /// A stored file's bytes, by its hash.
    pub async fn file(&self, hash: &str) -> Result<Option<Vec<u8>>, StoreError> {
        on_reader!(self, |pool| {
            Ok(
                sqlx::query_scalar("SELECT bytes FROM files WHERE hash = $1")
                    .bind(hash)
                    .fetch_optional(pool)
                    .await?,
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_sha256_in_hex() {
        // The test vector of FIPS 180-2 for "abc".
        assert_eq!(
            hash_of(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(Blob::new(b"abc".to_vec()).hash(), hash_of(b"abc"));
    }

    #[test]
    fn debug_output_holds_no_bytes() {
        let shown = format!("{:?}", Blob::new(b"secret hand".to_vec()));
        assert!(!shown.contains("115"), "{shown}");
        assert!(shown.contains("bytes: 11"), "{shown}");
    }
}
