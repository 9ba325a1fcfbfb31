//! The base cards of age 9.

use super::Registry;

pub fn register(_r: &mut Registry) {}
