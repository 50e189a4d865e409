//! The [`Game`] trait: what each game munch plays gives the menu, the help, the command line and
//! the screen. Each game implements it in its own folder; [`super::GAMES`] lists them.
//!
//! A game's files import this trait from here (`crate::games::game`), never from the catalogue
//! (`crate::games`), which imports every game: so no two files import each other.

/// One game munch plays.
pub trait Game: Sync {
    /// The game's short name: its `munch play`/`munch solve` subcommand and the name of its
    /// saved-game file (`saved-<id>.json`).
    fn id(&self) -> &'static str;

    /// The game's name as people read it: on the menu, in the help, over the board.
    fn label(&self) -> &'static str;

    /// The rule in a few words, under the menu's title (it fits the menu's width).
    fn tagline(&self) -> &'static str;

    /// The rules, a sentence a line, at the top of the help.
    fn rules(&self) -> &'static [&'static str];
}
