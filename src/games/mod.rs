//! The games munch plays, one folder each.

pub mod nim;
