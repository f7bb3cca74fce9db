//! Minimal resolutions over the mod p Steenrod algebra at an odd prime p, by the classical
//! algorithm (Bruner, "Calculation of large Ext modules", 1993) in the Milnor basis
//! `Q(E)P(R)` (Milnor, "The Steenrod algebra and its dual", 1958, §6–7).
//!
//! The same plan as at p = 2 under `--algorithm classical` ([`crate::graph::plan`], the
//! scheduler, kernels handed from `(s − 1, t)` to `(s, t)`), over F_p
//! ([`fp::FqMatrix`]) and with the odd-primary algebra ([`steenrod::OddMilnorAlgebra`]) and
//! modules ([`steenrod::module::OddModule`]). Nassau's algorithm and offload to a device
//! are p = 2 only: `Resolution::<OddModule>::run` refuses them. Save and resume as at p = 2
//! (`crates/resolution/SAVE-FORMAT.md`, "Odd primes").

mod certify;
