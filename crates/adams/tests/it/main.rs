//! The integration tests of `adams`, in one binary: each module was a test binary
//! of its own before (`cargo test -p adams --test it MODULE::` runs one). They
//! share one process: a test that needs process-wide state (a panic hook, a device's
//! panic slot) says how it keeps it from the tests running beside it.

mod common;
mod fuzz;

mod algorithms;
mod bad_input;
mod bench;
mod certify;
mod chart_html;
mod chart_labels;
mod charts;
mod cli;
mod cofiber_resolve;
mod d2;
mod d2_modules;
mod ext_m_n;
mod fuzz_readers;
#[cfg(feature = "gpu")]
mod gpu_backend;
mod guide;
mod hostile;
mod interrupt;
mod massey_modules;
mod max_memory;
pub(crate) mod module_maps;
mod module_types;
mod modules;
mod motivic;
mod names;
mod odd_bcp;
mod odd_charts;
mod odd_primes;
mod odd_products;
mod odd_save;
mod odd_subalgebra_saves;
mod odd_subalgebras;
mod products;
mod products_primes;
mod products_sub;
mod projective_spaces;
mod reference;
mod save;
mod save_kill;
mod save_lock;
mod smash;
mod sub_hopf_asked;
mod sub_hopf_modules;
mod subalgebra_saves;
mod subalgebras;
mod table_memory;
mod threads;
mod unstable;
mod verify_sample;
