//! The scheduler under stress: thousands of bidegrees of tiny cost, each with a small
//! parallel section (so workers blocked in a section steal whole bidegrees and must park
//! them), on 8 threads — more threads than this machine's cores. It must finish, run every
//! node exactly once after its dependencies, and do so in bounded time (no deadlock, no
//! retry storm).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use rayon::prelude::*;
use resolution::graph::plan;
use resolution::scheduler::{self, parallel_section};
use resolution::{Algorithm, ResolutionConfig};

#[test]
fn thousands_of_tiny_bidegrees_on_eight_threads_finish() {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let p = plan(
            ResolutionConfig {
                max_stem: 150,
                max_s: 40,
            },
            0,
            Algorithm::Nassau,
        );
        let n = p.nodes.len();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(8)
            .build()
            .expect("pool");
        let done: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
        let order = AtomicUsize::new(0);
        let finished_at: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(usize::MAX)).collect();
        let compute = |i: usize| {
            // Every dependency finished before this node started.
            for &d in &p.deps[i] {
                assert_ne!(
                    finished_at[d].load(Ordering::SeqCst),
                    usize::MAX,
                    "node {i} ran before its dependency {d}"
                );
            }
            let sum: u64 = parallel_section(|| (0..64u64).into_par_iter().map(|x| x * x).sum());
            done[i].fetch_add(1, Ordering::SeqCst);
            finished_at[i].store(order.fetch_add(1, Ordering::SeqCst), Ordering::SeqCst);
            sum
        };
        let mut completions = 0usize;
        let stats = scheduler::run(&pool, p.graph(), compute, |_, sum| {
            completions += 1;
            if sum == 85344 {
                Ok(())
            } else {
                Err(sum)
            }
        })
        .expect("run");
        let once = done.iter().all(|c| c.load(Ordering::SeqCst) == 1);
        tx.send((n, completions, stats.completed, once, stats.parked))
            .expect("send");
    });
    let (n, completions, completed, once, parked) = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the scheduler did not finish within 120 s: deadlock or retry storm");
    assert!(
        n > 5000,
        "the graph should have thousands of nodes, has {n}"
    );
    assert_eq!(completions, n);
    assert_eq!(completed, n);
    assert!(once, "some node ran more or less than once");
    // Parking is bounded: far fewer retries than a hot respawn loop would make.
    assert!(parked < 50 * n, "{parked} parked retries for {n} nodes");
}

#[test]
fn a_panicking_node_stops_the_run_instead_of_hanging_it() {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let p = plan(
            ResolutionConfig {
                max_stem: 40,
                max_s: 10,
            },
            0,
            Algorithm::Nassau,
        );
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("pool");
        let ran = AtomicUsize::new(0);
        let compute = |i: usize| {
            ran.fetch_add(1, Ordering::SeqCst);
            if i == 100 {
                panic!("node 100 fails");
            }
        };
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            scheduler::run(&pool, p.graph(), compute, |_, ()| Ok::<(), ()>(()))
        }));
        let message = outcome
            .err()
            .and_then(|e| e.downcast_ref::<&str>().map(|s| s.to_string()));
        tx.send((message, ran.load(Ordering::SeqCst), p.nodes.len()))
            .expect("send");
    });
    let (message, ran, n) = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("a panicking node hung the scheduler");
    assert_eq!(
        message.as_deref(),
        Some("node 100 fails"),
        "the node's panic is re-raised on the calling thread"
    );
    assert!(
        ran < n,
        "nodes kept being dispatched after the panic ({ran} of {n})"
    );
}
