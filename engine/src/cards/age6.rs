//! The base cards of age 6.

use super::Registry;

pub fn register(_r: &mut Registry) {}
