//! The base cards of age 7.

use super::Registry;

pub fn register(_r: &mut Registry) {}
