//! The base cards of age 3.

use super::Registry;

pub fn register(_r: &mut Registry) {}
