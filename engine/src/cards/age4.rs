//! The base cards of age 4.

use super::Registry;

pub fn register(_r: &mut Registry) {}
