//! The base cards of age 11.

use super::Registry;

pub fn register(_r: &mut Registry) {}
