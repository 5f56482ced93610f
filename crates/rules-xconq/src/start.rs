//! Reading a start state from a dump (`start.json`, spec §17.3).

use std::path::Path;

use crate::error::Error;
use crate::rules::Rules;
use crate::state::State;

/// Reads `start.json` into a state.
pub fn read_start(_r: &Rules, path: &Path, _seed: i64) -> Result<State, Error> {
    Err(Error::Fixture {
        path: path.to_path_buf(),
        message: "start files are not read yet".into(),
    })
}
