//! The distributed run (`resolution::cluster`) over an in-process transport (channels
//! between threads, one per rank): the same generators and differentials — terms included —
//! as one process, for both algorithms, with a save directory, at p = 3 (coefficients on
//! the wire), and a silent rank named. The MPI transport is tested end to end by
//! `scripts/mpi-test.sh`.

use std::path::Path;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;
use std::time::Duration;

use fp::ValidPrime;
use resolution::cluster::{ClusterError, Identity, Transport};
use resolution::save::{SaveDir, SaveOptions};
use resolution::{Algorithm, Resolution, ResolutionConfig, Resolvable, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

/// One rank's end of a set of channels.
struct Channels {
    rank: usize,
    to: Vec<Sender<(usize, Vec<u8>)>>,
    from: Mutex<Receiver<(usize, Vec<u8>)>>,
}

impl Transport for Channels {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.to.len()
    }
    fn send(&self, to: usize, bytes: Vec<u8>) {
        let _ = self.to[to].send((self.rank, bytes));
    }
    fn poll(&self) -> Option<(usize, Vec<u8>)> {
        self.from.lock().unwrap().try_recv().ok()
    }
}

fn channels(size: usize) -> Vec<Channels> {
    let (tx, rx): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    rx.into_iter()
        .enumerate()
        .map(|(rank, from)| Channels {
            rank,
            to: tx.clone(),
            from: Mutex::new(from),
        })
        .collect()
}

const CONFIG: ResolutionConfig = ResolutionConfig {
    max_stem: 30,
    max_s: 12,
};

/// Every generator's differential (value and terms, coefficients included), row by row,
/// over the resolution's whole range.
fn resolution_of<M: Resolvable>(res: &Resolution<M>) -> Vec<(u32, i32, Vec<String>)> {
    let (config, min) = (res.config(), res.module().min_degree());
    let mut out = Vec::new();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            let gens = res.free_module(s).gens(t);
            out.push((s, t, gens.iter().map(|d| format!("{d:?}")).collect()));
        }
    }
    out
}

fn single(algorithm: Algorithm) -> Resolution {
    single_of(FiniteModule::sphere(), CONFIG, algorithm)
}

/// `module` resolved in one process over `config`.
fn single_of<M: Resolvable>(
    module: M,
    config: ResolutionConfig,
    algorithm: Algorithm,
) -> Resolution<M> {
    let mut res = Resolution::new(module, config).unwrap();
    res.run(RunOptions {
        algorithm,
        threads: 2,
        ..RunOptions::default()
    })
    .unwrap();
    res
}

/// Rank 0 leads (with a save directory at `save`, if given), the others follow.
fn cluster(
    algorithm: Algorithm,
    ranks: usize,
    save: Option<&Path>,
) -> (Resolution, resolution::cluster::ClusterStats) {
    let leader = Resolution::new(FiniteModule::sphere(), CONFIG).unwrap();
    let leader = match save {
        Some(dir) => {
            let mut leader = leader;
            let s = SaveDir::open(dir, leader.module(), algorithm, SaveOptions::default()).unwrap();
            leader.resume(s).unwrap();
            leader
        }
        None => leader,
    };
    cluster_of(leader, algorithm, ranks)
}

/// `leader` (rank 0, already resumed from its save directory if it has one) leads, the
/// other ranks follow on the same module and range from nothing.
fn cluster_of<M: Resolvable + Clone + Sync>(
    mut leader: Resolution<M>,
    algorithm: Algorithm,
    ranks: usize,
) -> (Resolution<M>, resolution::cluster::ClusterStats) {
    let nets = channels(ranks);
    let (module, config) = (leader.module().clone(), leader.config());
    let make = || Resolution::new(module.clone(), config).unwrap();
    let id = Identity::new([1; 32], &leader, algorithm);
    let timeout = Duration::from_secs(30);
    std::thread::scope(|scope| {
        for net in &nets[1..] {
            let id = id.clone();
            scope.spawn(move || {
                let report = make().follow(algorithm, 1, net, &id, timeout).unwrap();
                assert!(report.ok);
            });
        }
        let options = RunOptions {
            algorithm,
            threads: 1,
            ..RunOptions::default()
        };
        let (_, stats) = leader.lead(options, &nets[0], &id, timeout).unwrap();
        (leader, stats)
    })
}

#[test]
fn three_ranks_make_the_single_process_resolution() {
    for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
        let (res, stats) = cluster(algorithm, 3, None);
        assert_eq!(resolution_of(&res), resolution_of(&single(algorithm)));
        assert!(stats.steps[1] + stats.steps[2] > 0, "{stats:?}");
        assert!(stats.gens_sent > 0);
    }
}

/// At p = 3 the differentials carry coefficients in F_3: three ranks make the sphere's and
/// the cofiber of 3's one-process resolution through stem 60, terms and coefficients
/// included (the classical algorithm, the one odd primes have).
#[test]
fn three_ranks_make_the_single_process_resolution_at_p_3() {
    let config = ResolutionConfig {
        max_stem: 60,
        max_s: 30,
    };
    let p3 = fp::ValidPrime::new(3).unwrap();
    for module in [
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(p3),
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("C3").unwrap(),
    ] {
        let name = module.name().to_string();
        let one = single_of(module.clone(), config, Algorithm::Classical);
        let leader = Resolution::new(module, config).unwrap();
        let (res, stats) = cluster_of(leader, Algorithm::Classical, 3);
        assert_eq!(resolution_of(&res), resolution_of(&one), "{name}");
        // Terms with the coefficient 2 = −1 are in the range: the comparison covers
        // coefficients other than 1.
        let twos = (1..=config.max_s)
            .flat_map(|s| (0..=config.max_stem + s as i32).map(move |t| (s, t)))
            .flat_map(|(s, t)| res.free_module(s).gens(t).iter())
            .flat_map(|d| d.terms.iter())
            .filter(|term| term.coefficient() == 2)
            .count();
        assert!(twos > 0, "{name}: no coefficient 2 in the range");
        assert!(stats.steps[1] + stats.steps[2] > 0, "{name}: {stats:?}");
        assert!(stats.gens_sent > 0, "{name}");
    }
}

#[test]
fn a_resumed_save_directory_is_sent_to_followers() {
    let dir = tempfile::tempdir().unwrap();
    let half = ResolutionConfig {
        max_stem: 15,
        max_s: 12,
    };
    let mut res = Resolution::new(FiniteModule::sphere(), half).unwrap();
    let save = SaveDir::open(
        dir.path(),
        res.module(),
        Algorithm::Nassau,
        SaveOptions::default(),
    )
    .unwrap();
    res.resume(save).unwrap();
    res.run(RunOptions::default()).unwrap();
    let (res, stats) = cluster(Algorithm::Nassau, 2, Some(dir.path()));
    assert_eq!(
        resolution_of(&res),
        resolution_of(&single(Algorithm::Nassau))
    );
    assert!(stats.steps[1] > 0);
}

/// At p = 3: the half of the range in the save directory (F_3 records) reaches the
/// follower, which then computes steps that read it; the whole equals one process's.
#[test]
fn a_resumed_save_directory_is_sent_to_followers_at_p_3() {
    let dir = tempfile::tempdir().unwrap();
    let sphere =
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(fp::ValidPrime::new(3).unwrap());
    let (half, whole) = (
        ResolutionConfig {
            max_stem: 30,
            max_s: 15,
        },
        ResolutionConfig {
            max_stem: 60,
            max_s: 15,
        },
    );
    let classical = RunOptions {
        algorithm: Algorithm::Classical,
        ..RunOptions::default()
    };
    let open = || {
        let options = SaveOptions::default();
        SaveDir::open(dir.path(), &sphere, Algorithm::Classical, options).unwrap()
    };
    let mut res = Resolution::new(sphere.clone(), half).unwrap();
    res.resume(open()).unwrap();
    res.run(classical).unwrap();
    let mut leader = Resolution::new(sphere.clone(), whole).unwrap();
    let resumed = leader.resume(open()).unwrap();
    assert!(
        resumed.loaded > 0 && resumed.corrupt.is_empty(),
        "{resumed:?}"
    );
    let (res, stats) = cluster_of(leader, Algorithm::Classical, 2);
    let one = single_of(sphere, whole, Algorithm::Classical);
    assert_eq!(resolution_of(&res), resolution_of(&one));
    assert!(stats.steps[1] > 0, "{stats:?}");
}

#[test]
fn a_silent_rank_is_named() {
    let nets = channels(3);
    let mut res = Resolution::new(FiniteModule::sphere(), CONFIG).unwrap();
    let id = Identity::new([1; 32], &res, Algorithm::Nassau);
    // Rank 2 says hello and then nothing; rank 1 never starts.
    nets[2].send(0, hello(&id));
    let err = res
        .lead(
            RunOptions::default(),
            &nets[0],
            &id,
            Duration::from_millis(300),
        )
        .unwrap_err();
    assert!(matches!(err, ClusterError::Silent { rank: 1, .. }), "{err}");
    assert!(err.to_string().starts_with("rank 1 is silent"), "{err}");
}

#[test]
fn a_rank_with_another_module_or_build_is_refused() {
    for (other, rank_says) in [
        (
            Identity::new([2; 32], &single_config(), Algorithm::Nassau),
            "a different build",
        ),
        (
            Identity::new([1; 32], &single_config(), Algorithm::Classical),
            "a different module, algorithm or range",
        ),
    ] {
        let nets = channels(2);
        let mut res = single_config();
        let id = Identity::new([1; 32], &res, Algorithm::Nassau);
        nets[1].send(0, hello(&other));
        let err = res
            .lead(RunOptions::default(), &nets[0], &id, Duration::from_secs(5))
            .unwrap_err();
        assert!(
            matches!(err, ClusterError::Refused { rank: 1, .. }),
            "{err}"
        );
        assert!(err.to_string().contains(rank_says), "{err}");
    }
}

fn single_config() -> Resolution {
    Resolution::new(FiniteModule::sphere(), CONFIG).unwrap()
}

/// The hello a follower with `id` sends first: made by a real follower on a transport of
/// its own whose leader is silent (it gives up after 50 ms).
fn hello(id: &Identity) -> Vec<u8> {
    let nets = channels(2);
    let mut res = single_config();
    let _ = res.follow(
        Algorithm::Nassau,
        1,
        &nets[1],
        id,
        Duration::from_millis(50),
    );
    nets[0].poll().expect("a hello").1
}

/// Rank 0 failing before it leads (a save directory of another module, say) releases a
/// follower at once, which then neither waits out its timeout nor reports the silence;
/// a follower that failed first learns that rank 0 ended the run.
#[test]
fn a_leader_that_fails_before_leading_releases_its_followers() {
    let nets = channels(3);
    let id = Identity::new([1; 32], &single_config(), Algorithm::Nassau);
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        let follower = scope.spawn(|| {
            single_config().follow(Algorithm::Nassau, 1, &nets[1], &id, Duration::from_secs(60))
        });
        // Rank 2 failed on its own input; rank 0 not yet: nothing comes.
        assert!(!resolution::cluster::await_stop(
            &nets[2],
            Duration::from_millis(100)
        ));
        resolution::cluster::stop_followers(&nets[0], false);
        let report = follower.join().unwrap().unwrap();
        assert!(!report.ok);
        assert_eq!(report.steps, 0);
        assert!(resolution::cluster::await_stop(
            &nets[2],
            Duration::from_secs(60)
        ));
    });
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// `ADAMS_CLUSTER_TIMEOUT`: seconds, at least twice the heartbeat (a shorter wait stopped
/// healthy runs: `ADAMS_CLUSTER_TIMEOUT=0.01` named a live rank silent).
#[test]
fn the_timeout_is_seconds_no_shorter_than_two_heartbeats() {
    use resolution::cluster::{parse_timeout, DEFAULT_TIMEOUT, HEARTBEAT, MIN_TIMEOUT};
    assert!(MIN_TIMEOUT >= 2 * HEARTBEAT);
    assert_eq!(parse_timeout(None), Ok(DEFAULT_TIMEOUT));
    assert_eq!(
        parse_timeout(Some(" 2.5 ")),
        Ok(Duration::from_millis(2500))
    );
    assert_eq!(parse_timeout(Some("1")), Ok(MIN_TIMEOUT));
    for (value, says) in [
        ("0.01", "is below 1 s"),
        ("0", "is below 1 s"),
        ("-3", "is below 1 s"),
        ("abc", "is not a number of seconds"),
        ("inf", "is not a number of seconds"),
        ("", "is not a number of seconds"),
    ] {
        let e = parse_timeout(Some(value)).unwrap_err();
        assert!(
            e.starts_with(&format!(
                "environment variable ADAMS_CLUSTER_TIMEOUT: `{value}` {says}"
            )),
            "{e}"
        );
        assert!(!e.contains('\n'));
    }
}
