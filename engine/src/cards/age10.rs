//! The base cards of age 10.

use super::Registry;

pub fn register(_r: &mut Registry) {}
