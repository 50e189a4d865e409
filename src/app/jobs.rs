//! The solver's jobs: what the game or the study on screen asks for is numbered (by the one
//! [`crate::games::request::Jobs`]) and queued for the event loop, and an answer is handed on
//! only when it answers the latest job of its lane.

use super::{App, Screen};
use crate::games::request::{Job, Lane, Request, SolverMessage};

impl App {
    /// The solver jobs asked for since the last call, oldest first: the event loop sends them to
    /// the worker (tests run them in the test's thread).
    pub fn take_requests(&mut self) -> Vec<Job> {
        self.collect_requests();
        self.jobs.take()
    }

    /// Numbers what the game (or the study) on screen asked the solver for and queues it.
    pub(super) fn collect_requests(&mut self) {
        let requests = match &mut self.screen {
            Screen::Play(game) => game.take_requests(),
            Screen::Study(study) => study.take_requests(),
            Screen::Puzzle(puzzles) => puzzles.take_requests(),
            Screen::Menu => return,
        };
        for request in requests {
            self.ask(request);
        }
    }

    /// Numbers `request` and queues it for the event loop.
    pub(super) fn ask(&mut self, request: Request) {
        let lane = request.lane();
        if lane == Lane::Judge {
            self.judging_open = matches!(request, Request::Judge(_));
        }
        let number = self.jobs.push(request);
        match (lane, &mut self.screen) {
            (Lane::Build, Screen::Study(study)) => study.job = Some(number),
            (Lane::Puzzles, Screen::Puzzle(puzzles)) => puzzles.job = Some(number),
            _ => {}
        }
    }

    /// Stops the judging of a review that is no longer on screen: nobody will read its answer.
    pub(super) fn stop_unwanted_judging(&mut self) {
        let reviewing = matches!(&self.screen, Screen::Study(study) if study.review.is_some());
        if self.judging_open && !reviewing {
            self.ask(Request::StopJudging);
        }
    }

    /// Stops the solver's running build, if any (its memory is freed).
    pub(super) fn cancel_solver(&mut self) {
        self.jobs.push(Request::Cancel);
    }

    /// Hands a solver message to whoever asked for it, if it answers the latest job of its
    /// lane.
    pub(super) fn on_solver(&mut self, message: SolverMessage) {
        // What the game asked for before this message is numbered first, so an answer
        // to an older request is never taken for the newer one's.
        self.collect_requests();
        if self.jobs.is_latest(&message) {
            match &mut self.screen {
                Screen::Study(study) if let SolverMessage::Judged { judged, .. } = message => {
                    self.judging_open = false;
                    study.on_judged(judged);
                }
                Screen::Play(game) => game.on_solver(message),
                // The study's answers are its own; the game behind it goes on
                // hearing from its solver.
                Screen::Study(study) => {
                    if Some(message.job()) == study.job {
                        study.on_solver(message);
                    } else if let Some(game) = &mut study.behind {
                        game.on_solver(message);
                    }
                }
                Screen::Puzzle(puzzles) => puzzles.on_solver(message),
                Screen::Menu => {}
            }
        }
    }
}
