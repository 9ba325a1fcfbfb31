//! The Artifacts cards of age 8.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(_r: &mut Registry) {}
