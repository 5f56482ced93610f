//! `orderly serve`: the host. Parses the options, sets up logging, and hands
//! over to the `orderly-host` crate, which does everything else.

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The database: `sqlite:PATH` (created on first run; by default in the
    /// current folder, next to the play-by-file game folders), or
    /// `postgres://USER:PASSWORD@HOST:PORT/DATABASE`, which several servers
    /// may share.
    #[arg(long, default_value = "sqlite:orderly.db")]
    db: String,
    /// The address to listen on (`127.0.0.1:0` picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// The token that creating a game needs (else ORDERLY_ADMIN_TOKEN; when
    /// neither is set, a random one is made and printed).
    #[arg(long)]
    admin_token: Option<String>,
    /// Let anyone create games (no admin token).
    #[arg(long, conflicts_with = "admin_token")]
    open: bool,
    /// The games directory: seats asked for as `"files"` are played in a
    /// folder under it (default: `games` beside the SQLite database).
    #[arg(long, visible_alias = "files-dir", value_name = "DIR")]
    games_dir: Option<std::path::PathBuf>,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = host::server::DEFAULT_BODY_LIMIT)]
    body_limit: usize,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let given = args
        .admin_token
        .clone()
        .or_else(|| std::env::var("ORDERLY_ADMIN_TOKEN").ok())
        .filter(|t| !t.is_empty());
    // A token made up for this run is printed once the server listens.
    let made_up = !args.open && given.is_none();
    let admin_token = if args.open {
        None
    } else {
        Some(given.unwrap_or_else(host::auth::new_token))
    };
    let config = host::Config {
        db: args.db,
        bind: args.bind,
        admin_token,
        body_limit: args.body_limit,
        files_dir: args.games_dir,
        print_admin_token: made_up,
        ..host::Config::default()
    };
    host::server::run_until_signal(config)?;
    Ok(ExitCode::SUCCESS)
}
