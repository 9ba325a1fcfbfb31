//! The base cards of age 2.

use super::Registry;

pub fn register(_r: &mut Registry) {}
