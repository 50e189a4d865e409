//! Typing a take digit by digit, as the coin games do: a digit adds to the number being typed
//! (or starts a new one), ⌫ drops its last digit, and the typed number's problem, if any, is
//! shown at once.

use crate::input::Action;

/// A session whose take can be typed.
pub trait TypedTake {
    /// The take being chosen (0: none) and whether it is being typed.
    fn typed(&mut self) -> (&mut u64, &mut bool);

    /// Why the chosen take cannot be made, if it cannot.
    fn choice_problem(&self) -> Option<String>;

    /// The note when the typed digits pass the largest number.
    fn too_large(&self) -> String;

    /// Shows `message`, or clears it with `None`.
    fn set_message(&mut self, message: Option<String>);
}

/// Types a digit into the take, or erases its last one; `false` for any other action, which
/// it leaves to the caller. A number still empty (0) shows no problem.
pub fn type_take(session: &mut impl TypedTake, action: Action) -> bool {
    let (take, typing) = session.typed();
    let typed = match action {
        Action::Digit(d) => {
            let base = if *typing { *take } else { 0 };
            base.checked_mul(10).and_then(|k| k.checked_add(d.into()))
        }
        Action::Erase => Some(*take / 10),
        _ => return false,
    };
    *typing = true;
    let message = match typed {
        Some(k) => {
            *take = k;
            session.choice_problem().filter(|_| k > 0)
        }
        None => Some(session.too_large()),
    };
    session.set_message(message);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A take typed against a largest legal take of 20.
    #[derive(Default)]
    struct Entry {
        take: u64,
        typing: bool,
        message: Option<String>,
    }

    impl TypedTake for Entry {
        fn typed(&mut self) -> (&mut u64, &mut bool) {
            (&mut self.take, &mut self.typing)
        }

        fn choice_problem(&self) -> Option<String> {
            (self.take > 20).then(|| format!("{} is too many", self.take))
        }

        fn too_large(&self) -> String {
            "too large".into()
        }

        fn set_message(&mut self, message: Option<String>) {
            self.message = message;
        }
    }

    #[test]
    fn digits_build_the_take_and_erase_drops_the_last_one() {
        let mut t = Entry {
            take: 7,
            ..Entry::default()
        };
        assert!(type_take(&mut t, Action::Digit(2)), "a fresh number");
        assert_eq!((t.take, t.typing, t.message.as_deref()), (2, true, None));
        type_take(&mut t, Action::Digit(5));
        assert_eq!((t.take, t.message.as_deref()), (25, Some("25 is too many")));
        type_take(&mut t, Action::Erase);
        assert_eq!((t.take, t.message.as_deref()), (2, None));
        type_take(&mut t, Action::Erase);
        assert_eq!(
            (t.take, t.message.as_deref()),
            (0, None),
            "empty: no problem"
        );
        t.take = u64::MAX / 10 + 1;
        type_take(&mut t, Action::Digit(0));
        assert_eq!(t.message.as_deref(), Some("too large"));
        assert_eq!(t.take, u64::MAX / 10 + 1, "the take stays");
        assert!(!type_take(&mut t, Action::Select), "left to the caller");
    }
}
