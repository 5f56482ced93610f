//! Running the host: open the database, load the games, serve the API and
//! the scheduler until asked to stop, then stop cleanly (streams closed,
//! in-flight requests finished).

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::api::{self, AppState};
use crate::error::{ErrorKind, HostError};
use crate::host::Host;
#[cfg(feature = "postgres")]
use crate::postgres::PgStore;
use crate::scheduler;
use crate::sqlite::SqliteStore;
use crate::storage::Storage;

/// Largest request body accepted by default: 256 KiB.
pub const DEFAULT_BODY_LIMIT: usize = 256 * 1024;

#[derive(Debug, Clone)]
pub struct Config {
    /// `sqlite:PATH` (or a bare path), or `postgres://USER:PASSWORD@HOST/DB`
    /// (a database several servers may share).
    pub db: String,
    pub bind: String,
    /// Needed to create games; `None` lets anyone create games.
    pub admin_token: Option<String>,
    pub body_limit: usize,
    /// How often the scheduler looks for due turns.
    pub tick: Duration,
    /// The games directory for folder seats; `None`: `games` beside the
    /// SQLite database.
    pub files_dir: Option<PathBuf>,
    /// Print the admin token once the server is listening (it was made up
    /// for this run, so the operator must learn it).
    pub print_admin_token: bool,
    /// Finished games kept in memory once read (the most recently used);
    /// games in play are always in memory.
    pub finished_cache: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            db: "sqlite:orderly.db".into(),
            bind: "127.0.0.1:8080".into(),
            admin_token: None,
            body_limit: DEFAULT_BODY_LIMIT,
            tick: Duration::from_millis(100),
            files_dir: None,
            print_admin_token: false,
            finished_cache: crate::host::DEFAULT_FINISHED_CACHE,
        }
    }
}

/// Opens the storage a `--db` URL names.
pub fn open_storage(db: &str) -> Result<Arc<dyn Storage>, HostError> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        #[cfg(feature = "postgres")]
        {
            let store = PgStore::open(db).map_err(|e| HostError::storage(e.to_string()))?;
            return Ok(Arc::new(store));
        }
        #[cfg(not(feature = "postgres"))]
        return Err(HostError::storage(
            "this orderly was built without PostgreSQL: build it with the `postgres` feature (on by default) or give --db a SQLite file".to_string(),
        ));
    }
    let path = PathBuf::from(db.strip_prefix("sqlite:").unwrap_or(db));
    let store = SqliteStore::open(&path)
        .map_err(|e| HostError::storage(format!("{}: {e}", path.display())))?;
    Ok(Arc::new(store))
}

/// Binds the address of `config`; the caller learns the port (`:0` picks one).
pub async fn bind(config: &Config) -> Result<TcpListener, HostError> {
    TcpListener::bind(&config.bind).await.map_err(|e| {
        HostError::new(
            ErrorKind::BadRequest,
            format!("cannot bind {}: {e}", config.bind),
        )
    })
}

/// Opens the storage and loads its games.
pub fn open_host(config: &Config) -> Result<Arc<Host>, HostError> {
    let storage = open_storage(&config.db)?;
    let host = Host::load(storage, config.admin_token.as_deref())?;
    host.set_finished_cache(config.finished_cache);
    let files_dir = match &config.files_dir {
        Some(dir) => dir.clone(),
        None => crate::files::default_dir(&config.db),
    };
    host.set_files(crate::files::FilesFront::new(&files_dir)?);
    Ok(host)
}

/// Serves `host` on `listener` until `stop` completes.
pub async fn serve(
    config: Config,
    host: Arc<Host>,
    listener: TcpListener,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), HostError> {
    let (shutdown_tx, shutdown_rx) = watch::channel(false);
    crate::files::start(&host).await;
    let files = host.files();
    let sched = tokio::spawn(scheduler::run(
        host.clone(),
        config.tick,
        shutdown_rx.clone(),
    ));
    // On a shared database: what the other servers do.
    let follower = tokio::spawn(host.clone().follow(shutdown_rx.clone()));
    let app = api::router(
        AppState {
            host,
            shutdown: shutdown_rx,
        },
        config.body_limit,
    );
    let addr: Option<SocketAddr> = listener.local_addr().ok();
    tracing::info!(?addr, db = %config.db, "serving");
    let graceful = async move {
        stop.await;
        tracing::info!("stopping");
        let _ = shutdown_tx.send(true);
    };
    axum::serve(crate::edge::Listener(listener), app)
        .with_graceful_shutdown(graceful)
        .await
        .map_err(|e| HostError::storage(format!("server failed: {e}")))?;
    let _ = sched.await;
    if let Some(files) = files {
        files.stop();
    }
    let _ = follower.await;
    tracing::info!("stopped");
    Ok(())
}

/// Completes on SIGINT or SIGTERM.
pub async fn signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}

/// A server running in the background on its own runtime (tests, tools).
pub struct Background {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<Result<(), HostError>>>,
}

impl Background {
    /// Starts a server; `config.bind` may use port 0.
    pub fn start(config: Config) -> Result<Background, HostError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| HostError::storage(e.to_string()))?;
        let host = open_host(&config)?;
        let listener = rt.block_on(bind(&config))?;
        let addr = listener
            .local_addr()
            .map_err(|e| HostError::storage(e.to_string()))?;
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            rt.block_on(serve(config, host, listener, async {
                let _ = rx.await;
            }))
        });
        Ok(Background {
            addr,
            stop: Some(tx),
            thread: Some(thread),
        })
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Stops the server and waits for it.
    pub fn stop(mut self) -> Result<(), HostError> {
        self.stop_inner()
    }

    fn stop_inner(&mut self) -> Result<(), HostError> {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
        match self.thread.take() {
            Some(t) => t
                .join()
                .map_err(|_| HostError::storage("the server thread panicked"))?,
            None => Ok(()),
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.stop_inner();
    }
}

/// `orderly serve`: serves until SIGINT or SIGTERM, on a runtime of its own.
pub fn run_until_signal(config: Config) -> Result<(), HostError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| HostError::storage(e.to_string()))?;
    let host = open_host(&config)?;
    rt.block_on(async move {
        let listener = bind(&config).await?;
        if let Ok(addr) = listener.local_addr() {
            // On stdout too, so scripts (and tests) can learn a `:0` port.
            println!("listening on http://{addr}");
        }
        if let (true, Some(token)) = (config.print_admin_token, &config.admin_token) {
            println!("admin token (needed to create games): {token}");
        }
        serve(config, host, listener, signal()).await
    })
}
