//! The base cards of age 8.

use super::Registry;

pub fn register(_r: &mut Registry) {}
