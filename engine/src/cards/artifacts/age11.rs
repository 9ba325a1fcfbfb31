//! The Artifacts cards of age 11.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(_r: &mut Registry) {}
