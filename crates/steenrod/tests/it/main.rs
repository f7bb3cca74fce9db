//! The integration tests of `steenrod`, in one binary: each module was a test binary
//! of its own before (`cargo test -p steenrod --test it MODULE::` runs one). They
//! share one process: a test that needs process-wide state (a panic hook, a device's
//! panic slot) says how it keeps it from the tests running beside it.

mod common;

mod admissible;
mod dual;
mod filtered_products;
mod fuzz_module_json;
mod milnor_basis;
mod milnor_product;
mod module_actions;
mod module_errors;
mod module_load_options;
mod module_reference;
mod module_types;
mod odd_algebra;
mod odd_bcp;
mod odd_module_errors;
mod odd_modules;
mod odd_parse;
mod odd_profiles;
mod parse;
mod profile_algebra;
mod profile_modules;
mod smash;
mod sub_hopf_reading;
