//! Rebuilds the crate when a migration is added: `sqlx::migrate!` embeds the files of `migrations/`,
//! but cargo only notices edits to files it already knows.

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
