//! The one-pile games' answers on the command line, in words.

use crate::units::group;

/// The winning takes of a pile, for people, ending with a newline: "the player to move wins by
/// taking 1 or 4." or, with none, that the player to move loses.
pub fn plain_takes(takes: &[u64]) -> String {
    if takes.is_empty() {
        return "the player to move loses against perfect play.\n".into();
    }
    let list: Vec<String> = takes.iter().map(|&k| group(k)).collect();
    format!("the player to move wins by taking {}.\n", list.join(" or "))
}
