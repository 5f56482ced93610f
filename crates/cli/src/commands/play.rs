//! `orderly play RULESET [SCENARIO]`: a game played by files in a folder.
//! Each seat (a person with an editor, or any program) reads its view file
//! and writes its orders file there; the game waits for every awaited seat,
//! resolves the turn and writes the next files, until it ends.

use std::path::PathBuf;
use std::process::ExitCode;

use super::table::{folder_name, print_event, Table};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    table: Table,
    /// Where the game folder `{RULESET}_{TITLE}` is made.
    #[arg(long, default_value = ".", value_name = "DIR")]
    games_dir: PathBuf,
    /// Clear the game folder if it already holds a game.
    #[arg(long)]
    force: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.table.ruleset)?;
    let (setup, mut game) = args.table.start(&*rules, None, true)?;
    let dir = args
        .games_dir
        .join(folder_name(rules.name(), &game.title()));
    super::demo::fresh_folder(&dir, args.force)?;
    std::fs::create_dir_all(&dir)?;
    super::replay::write_game_file(&dir, rules.name(), &setup)?;
    let seats = game.seats();
    println!("game folder: {}", dir.display());
    println!(
        "each seat reads the view file named in status.json and writes its orders file there: {}",
        rules.orders_help()
    );
    playfile::play(
        &mut *game,
        &dir,
        None,
        &mut |_| Ok(()),
        &mut |e| print_event(&seats, e),
        &super::now,
    )?;
    Ok(ExitCode::SUCCESS)
}
