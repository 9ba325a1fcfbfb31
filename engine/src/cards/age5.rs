//! The base cards of age 5.

use super::Registry;

pub fn register(_r: &mut Registry) {}
