//! The maze generator. STUB: being written.
