//! The decision benchmark (written in a following commit).
fn main() {}
