//! Pictures of a revealed maze. STUB: being written.
