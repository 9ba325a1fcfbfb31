//! Discord side.
