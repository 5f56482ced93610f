//! Play by files: a game lives in a folder; each turn the driver writes the
//! seats' view files, waits for their order files, and resolves the turn.
//! It works for any ruleset through the engine's object-safe [`Game`](engine::Game), whose
//! ruleset supplies the file names and the text codecs; this crate only does
//! the file system part.
//!
//! * Waiting uses file-system notifications (with a slow re-check in case a
//!   notification is missed), never a busy loop.
//! * A file still being written is never taken: the ruleset says when a file
//!   is complete (ttrts: its `END` line), so both write-then-rename and
//!   in-place writes work.
//! * A rejected file gets an `.errors.txt` file beside it naming the lines,
//!   and the game waits for a corrected file; nothing of it is applied.
//! * Accepted files with notes (ignored lines...) get a `.notes.txt` file.
//! * `status.json` tells outside programs (and `orderly bot`) what the game
//!   waits for; `record.json` is the game record so far (both rewritten
//!   each turn in play; written once at the end of a replay).
//! * When the game is over every seat gets its final view files (named for
//!   the final turn, as the ruleset names views) with the public ones, and
//!   `status.json` names them (`final_views`) beside the outcome.
//!
//! The pieces are public too ([`views_for`], [`write_views`],
//! [`write_rejected`], [`write_accepted`], [`write_record`],
//! [`Status::with_view_names`]), so the host's folder seats write the very
//! same files.
//!
//! [`replay`] runs the same loop without waiting: order files that are not
//! there end the replay.
//!
//! An orders file is read once: when it is accepted its orders are the
//! seat's for the turn, and the record keeps those orders (the ruleset's
//! JSON), not the file. A file edited afterwards therefore changes nothing
//! in play, but a replay would read the edit and play another game. So a
//! replay given the folder's record ([`RecordedOrders`]) holds each turn's
//! orders, as read from the files, to the record's, and stops at the first
//! seat whose orders differ ([`ChangedOrders`]: the turn and the file).
//! Orders, not bytes, are compared: a file rewritten with the same meaning
//! (spacing, say) is the same game.
//!
//! A game whose program stopped (a closed terminal, Ctrl-C) goes on from
//! its folder: [`Resumable`] plays the folder's record into the game
//! started again from its setup (the orders it accepted, not the files),
//! and [`play`] then carries on at the turn it stopped in.

mod folder;
mod recorded;
mod resume;
mod status;

pub use folder::{
    atomic_write, beside, play, replay, view_files, views_for, write_accepted, write_record,
    write_rejected, write_views, HookError, PlayError, PlayEvent, ReplayError, SeatViews,
    TurnFiles, RECORD_FILE,
};
pub use recorded::{ChangedOrders, RecordedOrders, UnreadableRecord};
pub use resume::Resumable;
pub use status::{SeatFiles, SeatViewFiles, Status, STATUS_FILE};
